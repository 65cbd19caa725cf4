/**
 * Parses RFC 7395 frames (one stanza per WebSocket text message) into @xmpp/xml Elements with a reused strict
 * XML 1.0 parser (saxes, STACK.md §3). DTDs, comments and processing
 * instructions are refused (restricted-xml); depth, element and attribute counts are bounded.
 */
import { Element } from "@xmpp/xml";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { StreamError } from "./errors.js";

/** Structural limits on one frame. */
export type ParserLimits = {
  /** Deepest element nesting; the stanza itself is depth 1. */
  maxDepth: number;
  /** Elements in one frame. */
  maxElements: number;
  /** Attributes on one element. */
  maxAttributes: number;
};

/**
 * Builds one stanza's Element from parser events, enforcing the structural limits; depth 1 is the stanza itself.
 * Shared by the WebSocket frame parser and the TCP stream parser.
 */
export class StanzaBuilder {
  private root: Element | undefined;
  private cursor: Element | undefined;
  private depth = 0;
  private elements = 0;

  constructor(private readonly limits: ParserLimits) {}

  /** Whether an element is open (the stanza is not complete yet). */
  get open(): boolean {
    return this.depth > 0;
  }

  reset(): void {
    this.root = undefined;
    this.cursor = undefined;
    this.depth = 0;
    this.elements = 0;
  }

  openTag(tag: SaxesTagPlain): void {
    if (this.depth === 0) this.elements = 0;
    this.depth += 1;
    this.elements += 1;
    if (this.depth > this.limits.maxDepth)
      throw new StreamError("policy-violation", "too deep");
    if (this.elements > this.limits.maxElements) {
      throw new StreamError("policy-violation", "too many elements");
    }
    const attrs = tag.attributes;
    if (Object.keys(attrs).length > this.limits.maxAttributes) {
      throw new StreamError("policy-violation", "too many attributes");
    }
    const el = new Element(tag.name, attrs);
    if (this.cursor) this.cursor.cnode(el);
    else this.root = el;
    // saxes reports a closetag for self-closing tags too.
    this.cursor = el;
  }

  /** @returns the stanza when this tag closed it. */
  closeTag(): Element | undefined {
    this.depth -= 1;
    this.cursor = this.cursor?.parent ?? undefined;
    if (this.depth > 0) return undefined;
    const root = this.root;
    this.root = undefined;
    return root;
  }

  text(text: string): void {
    this.cursor?.t(text);
  }
}

/** Refuses DTDs, comments and processing instructions (restricted-xml) on a saxes parser. */
export function restrictXml(sax: SaxesParser<{ xmlns: false }>): void {
  const restricted = (): never => {
    throw new StreamError("restricted-xml");
  };
  sax.on("doctype", restricted);
  sax.on("comment", restricted);
  sax.on("processinginstruction", restricted);
}

/**
 * A frame parser, reusable from one frame to the next and after a frame that failed (saxes is not reusable after an
 * error, so it is replaced then). Parsing is synchronous and whole, so one instance can serve many connections.
 */
export class FrameParser {
  private sax: SaxesParser<{ xmlns: false }>;
  private readonly builder: StanzaBuilder;
  private root: Element | undefined;
  private roots = 0;

  constructor(limits: ParserLimits) {
    this.builder = new StanzaBuilder(limits);
    this.sax = this.newSax();
  }

  private newSax(): SaxesParser<{ xmlns: false }> {
    const sax = new SaxesParser({ xmlns: false, position: false });
    restrictXml(sax);
    sax.on("opentag", (tag) => {
      if (!this.builder.open) this.roots += 1;
      this.builder.openTag(tag);
    });
    sax.on("closetag", () => {
      this.root = this.builder.closeTag() ?? this.root;
    });
    sax.on("text", (text) => this.builder.text(text));
    sax.on("cdata", (text) => this.builder.text(text));
    return sax;
  }

  /**
   * Parses one frame.
   * @param frame the text of one WebSocket message.
   * @returns the single root element.
   * @throws StreamError not-well-formed, restricted-xml or policy-violation.
   */
  parse(frame: string): Element {
    this.builder.reset();
    this.root = undefined;
    this.roots = 0;
    try {
      this.sax.write(frame);
      this.sax.close();
    } catch (err) {
      this.sax = this.newSax();
      if (err instanceof StreamError) throw err;
      throw new StreamError("not-well-formed");
    }
    const root = this.takeRoot();
    if (!root || this.roots !== 1) throw new StreamError("not-well-formed");
    return root;
  }

  /** Read through a method: the parser callbacks set it, which narrowing inside parse() cannot see. */
  private takeRoot(): Element | undefined {
    const root = this.root;
    this.root = undefined;
    return root;
  }
}
