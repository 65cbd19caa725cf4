/**
 * Parses RFC 7395 frames (one stanza per WebSocket text message) into @xmpp/xml Elements with one reused
 * strict XML 1.0 parser per connection (saxes, STACK.md §3). DTDs, comments and processing
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

/** One connection's frame parser; not reusable after it has thrown. */
export class FrameParser {
  private readonly sax = new SaxesParser({ xmlns: false, position: false });
  private root: Element | undefined;
  private cursor: Element | undefined;
  private depth = 0;
  private elements = 0;

  constructor(private readonly limits: ParserLimits) {
    const restricted = (): never => {
      throw new StreamError("restricted-xml");
    };
    this.sax.on("doctype", restricted);
    this.sax.on("comment", restricted);
    this.sax.on("processinginstruction", restricted);
    this.sax.on("opentag", (tag) => this.open(tag));
    this.sax.on("closetag", () => {
      this.depth -= 1;
      this.cursor = this.cursor?.parent ?? undefined;
    });
    this.sax.on("text", (text) => this.cursor?.t(text));
    this.sax.on("cdata", (text) => this.cursor?.t(text));
  }

  /**
   * Parses one frame.
   * @param frame the text of one WebSocket message.
   * @returns the single root element.
   * @throws StreamError not-well-formed, restricted-xml or policy-violation.
   */
  parse(frame: string): Element {
    this.root = undefined;
    this.cursor = undefined;
    this.depth = 0;
    this.elements = 0;
    try {
      this.sax.write(frame);
      this.sax.close();
    } catch (err) {
      if (err instanceof StreamError) throw err;
      throw new StreamError("not-well-formed");
    }
    const root = this.takeRoot();
    if (!root) throw new StreamError("not-well-formed");
    return root;
  }

  private takeRoot(): Element | undefined {
    const root = this.root;
    this.root = undefined;
    return root;
  }

  private open(tag: SaxesTagPlain): void {
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
}
