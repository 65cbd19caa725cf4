/** The part of @xmpp/client (untyped; a root dev dependency) the chat peer uses. */
declare module "@xmpp/client" {
  import type { Element } from "@xmpp/xml";
  import type xmlFn from "@xmpp/xml";

  export type XmppClient = {
    start(): Promise<unknown>;
    stop(): Promise<void>;
    send(stanza: Element): Promise<void>;
    on(event: "stanza", listener: (stanza: Element) => void): void;
    on(event: "error", listener: (err: unknown) => void): void;
    iqCaller: { request(iq: Element, timeout?: number): Promise<Element> };
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
