/** The part of @xmpp/client (untyped) the interop tests use; it is a test-only dependency. */
declare module "@xmpp/client" {
  import type { Element } from "@xmpp/xml";
  import type xmlFn from "@xmpp/xml";

  export type XmppClient = {
    start(): Promise<{ toString(): string }>;
    stop(): Promise<void>;
    send(stanza: Element): Promise<void>;
    on(event: "stanza", listener: (stanza: Element) => void): void;
    on(event: "error", listener: (err: unknown) => void): void;
    /** send: every element the client wrote, SASL included; element: every top-level element received, stream errors included. */
    on(event: "send" | "element", listener: (element: Element) => void): void;
    removeListener(event: "stanza", listener: (stanza: Element) => void): void;
    iqCaller: { request(iq: Element): Promise<Element> };
    /** The `saslmechanisms` factory; tests add mechanisms @xmpp/client lacks. */
    saslFactory: { _mechs: { name: string; mech: new () => unknown }[] };
    reconnect: { stop(): void };
    /** "online" while the session is up. */
    status: string;
  };

  export function client(options: {
    service: string;
    domain: string;
    resource?: string;
    username?: string;
    password?: string;
  }): XmppClient;

  export const xml: typeof xmlFn;
}
