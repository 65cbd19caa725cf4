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
    /** Every element the client wrote, SASL included. */
    on(event: "send", listener: (element: Element) => void): void;
    removeListener(event: "stanza", listener: (stanza: Element) => void): void;
    iqCaller: { request(iq: Element): Promise<Element> };
    /** The `saslmechanisms` factory; tests add mechanisms @xmpp/client lacks. */
    saslFactory: { _mechs: { name: string; mech: new () => unknown }[] };
    reconnect: { stop(): void };
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
