/** What the main window's room-window answers need from the chat connection; the session provides it. */
export type RoomTransport = {
  sendIq(iq: Element, timeoutMs: number): Promise<Element>;
  /** Sends a stanza without an iq answer; false while disconnected. */
  send(stanza: Element): boolean;
  onMessage(fn: (message: Element) => void): () => void;
};
