/**
 * Parses an RFC 6120 TCP stream: one XML document whose root is `<stream:stream>` and whose children are the
 * stanzas. The stream header and its end are handed on as RFC 7395 `<open/>` and `<close/>` elements, so the
 * connection sees the same elements over TCP as over WebSocket. Same strictness and limits as the frame parser; a
 * stanza's size counts the bytes received since the previous one ended (to within a 1 KiB slice).
 */
import { Element } from "@xmpp/xml";
import { SaxesParser } from "saxes";
import { NS_FRAMING, NS_STREAM } from "@moa/shared";
import { StreamError } from "./errors.js";
import { restrictXml, StanzaBuilder, type ParserLimits } from "./parser.js";

/** Characters fed to the XML parser at a time. */
const SLICE = 1024;

export class TcpStreamParser {
  private readonly sax = new SaxesParser({ xmlns: false, position: false });
  private readonly builder: StanzaBuilder;
  private inStream = false;
  /** Bytes received while a stanza was incomplete. */
  private pending = 0;

  /**
   * @param limits structural limits of one stanza.
   * @param maxBytes the largest stanza now (smaller before authentication).
   * @param emit receives each complete element in order.
   */
  constructor(
    limits: ParserLimits,
    private readonly maxBytes: () => number,
    private readonly emit: (el: Element) => void,
  ) {
    this.builder = new StanzaBuilder(limits);
    restrictXml(this.sax);
    this.sax.on("opentag", (tag) => {
      if (this.inStream) {
        this.builder.openTag(tag);
        return;
      }
      if (tag.name !== "stream:stream")
        throw new StreamError("not-well-formed");
      if (tag.attributes["xmlns:stream"] !== NS_STREAM)
        throw new StreamError("invalid-namespace");
      const xmlns = tag.attributes.xmlns;
      if (xmlns !== undefined && xmlns !== "jabber:client")
        throw new StreamError("invalid-namespace");
      this.inStream = true;
      const { to, version } = tag.attributes;
      this.emit(
        new Element("open", {
          xmlns: NS_FRAMING,
          ...(to === undefined ? {} : { to }),
          ...(version === undefined ? {} : { version }),
        }),
      );
    });
    this.sax.on("closetag", () => {
      if (!this.builder.open) {
        this.inStream = false;
        this.emit(new Element("close", { xmlns: NS_FRAMING }));
        return;
      }
      const stanza = this.builder.closeTag();
      if (stanza) {
        if (this.pending > this.maxBytes())
          throw new StreamError("policy-violation", "stanza too big");
        this.pending = 0;
        this.emit(stanza);
      }
    });
    this.sax.on("text", (text) => {
      // Whitespace between stanzas is a keepalive (RFC 6120 §4.6.1); nothing else may stand there.
      if (this.builder.open) this.builder.text(text);
      else if (text.trim() !== "") throw new StreamError("not-well-formed");
    });
    this.sax.on("cdata", (text) => this.builder.text(text));
  }

  /**
   * Parses the next chunk of the stream.
   * @param chunk text as received (decoded with a streaming UTF-8 decoder).
   * @throws StreamError not-well-formed, restricted-xml, invalid-namespace or policy-violation.
   */
  write(chunk: string): void {
    // Fed in slices so a stanza's size is known to within a slice whether or not it ends in this chunk.
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.slice(at, at + SLICE);
      this.pending += Buffer.byteLength(slice);
      try {
        this.sax.write(slice);
      } catch (err) {
        if (err instanceof StreamError) throw err;
        throw new StreamError("not-well-formed");
      }
      if (!this.builder.open) this.pending = 0;
      else if (this.pending > this.maxBytes())
        throw new StreamError("policy-violation", "stanza too big");
    }
  }
}
