/** Shared set-up for chat transcripts: a server, a company, logged-in users and helpers that speak the protocol. */
import { randomUUID } from "node:crypto";
import type { Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_PRESENCE,
  NS_MOA_ROOMS,
  NS_RSM,
  NS_SID,
  roomJid,
} from "@moa/shared";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../../testing/factories.js";
import type { TestServer } from "../../testing/index.js";
import { loginRaw, type RawClient } from "./raw-client.js";

export type ChatUser = TestUser & { accessToken: string };

/**
 * Creates logged-in users of one new company.
 * @param server the test server.
 * @param n how many.
 * @returns the users with access tokens.
 */
export async function chatUsers(
  server: TestServer,
  n: number,
): Promise<ChatUser[]> {
  const company = await createCompany(server.database.db);
  const users: ChatUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(server.database.db, company);
    users.push({ ...u, accessToken: (await loginAs(server, u)).accessToken });
  }
  return users;
}

/**
 * Connects a user.
 * @param server the test server.
 * @param user the user.
 * @param resource the resource.
 * @returns the bound client.
 */
export function connect(
  server: TestServer,
  user: ChatUser,
  resource = "web-1",
): Promise<RawClient> {
  return loginRaw(server.url, user, resource);
}

/** The clients a test file connects, closed together when it ends (`afterAll`). */
export class OpenClients {
  private readonly open: RawClient[] = [];

  /**
   * Connects a user and keeps the client for {@link closeAll}.
   * @returns the bound client.
   */
  async connect(
    server: TestServer,
    user: ChatUser,
    resource: string,
  ): Promise<RawClient> {
    const c = await connect(server, user, resource);
    this.open.push(c);
    return c;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.map((c) => c.close()));
  }
}

export const domainOf = (jid: string): string =>
  (jid.split("@")[1] ?? "").split("/")[0] ?? "";

/** The JID of a room for a client. */
export const roomOf = (c: RawClient, name: string): string =>
  roomJid(name, domainOf(c.jid));

/**
 * Creates a room over the protocol.
 * @param c the creator.
 * @param type room type.
 * @param members other members.
 * @returns the room name.
 */
export async function createRoom(
  c: RawClient,
  type: number,
  members: readonly { jid: string }[],
): Promise<string> {
  const res = await c.iq(
    "set",
    `<create xmlns="${NS_MOA_ROOMS}" type="${type}">${members.map((m) => `<member jid="${m.jid}"/>`).join("")}</create>`,
  );
  const name = res.getChild("room", NS_MOA_ROOMS)?.attrs.name as
    string | undefined;
  if (!name) throw new Error(`create failed: ${res.toString()}`);
  return name;
}

/**
 * Sends a chat message and waits for its reflection (the acknowledgement after commit).
 * @param c the sender.
 * @param room the room name.
 * @param body the body.
 * @param extra more child XML.
 * @param originId the XEP-0359 origin id (retries reuse it).
 * @returns the reflected message.
 */
export async function say(
  c: RawClient,
  room: string,
  body: string,
  extra = "",
  originId: string = randomUUID(),
): Promise<Element> {
  const id = randomUUID();
  c.send(
    `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="${id}"><body>${body}</body><origin-id xmlns="${NS_SID}" id="${originId}"/>${extra}</message>`,
  );
  return c.next(
    (el) => el.name === "message" && el.attrs.id === id,
    `reflection of ${body}`,
  );
}

/**
 * Waits for a chat message with the given body (or content type) in a room.
 * @param c the receiver.
 * @param room the room name.
 * @param match body text or content type.
 * @returns the message.
 */
export function heard(
  c: RawClient,
  room: string,
  match: string,
): Promise<Element> {
  return c.next((el) => {
    if (
      el.name !== "message" ||
      !String(el.attrs.from).startsWith(roomOf(c, room))
    )
      return false;
    const chat = el.getChild("chat", NS_MOA_CHAT);
    return (
      el.getChildText("body") === match || chat?.attrs["content-type"] === match
    );
  }, `message ${match} in ${room}`);
}

/**
 * Subscribes a watcher to a user's presence, as the org tab does for the rows on screen.
 * @param watcher the subscribing client.
 * @param jid the user's bare JID.
 * @returns the snapshot: one item per target the user is online on (attributes show, login-time…).
 * @throws Error when the server refuses the subscription.
 */
export async function presenceSnapshot(
  watcher: RawClient,
  jid: string,
): Promise<Element[]> {
  const reply = await watcher.iq(
    "set",
    `<subscribe xmlns="${NS_MOA_PRESENCE}"><item jid="${jid}"/></subscribe>`,
  );
  const snapshot = reply.getChild("subscribe", NS_MOA_PRESENCE);
  if (reply.attrs.type !== "result" || !snapshot)
    throw new Error(`presence subscription refused: ${String(reply)}`);
  return snapshot.getChildren("item");
}

/** The stanza id of a message. */
export const stanzaId = (el: Element): string =>
  String(el.getChild("stanza-id", NS_SID)?.attrs.id);

/** The Moa error code (application text) of an error reply. */
export const errorOf = (el: Element): string | undefined => {
  const err = el.getChild("error");
  if (!err) return undefined;
  const cond = err.getChildElements().find((e) => e.name !== "text");
  return `${cond?.name ?? ""}${err.getChildText("text") ? `/${err.getChildText("text")}` : ""}`;
};

/**
 * Runs a MAM query and collects the page.
 * @param c the client.
 * @param to room JID or own bare JID.
 * @param opts form fields and RSM.
 * @returns the forwarded messages and the fin element.
 */
export async function mam(
  c: RawClient,
  to: string,
  opts: {
    start?: string;
    end?: string;
    max?: number;
    before?: string | true;
    after?: string;
  } = {},
): Promise<{ messages: Element[]; fin: Element }> {
  const queryId = randomUUID();
  const fields = [
    `<field var="FORM_TYPE" type="hidden"><value>${NS_MAM}</value></field>`,
    opts.start ? `<field var="start"><value>${opts.start}</value></field>` : "",
    opts.end ? `<field var="end"><value>${opts.end}</value></field>` : "",
  ].join("");
  const before =
    opts.before === true
      ? "<before/>"
      : opts.before
        ? `<before>${opts.before}</before>`
        : "";
  const rsm = `<set xmlns="${NS_RSM}">${opts.max !== undefined ? `<max>${opts.max}</max>` : ""}${before}${opts.after ? `<after>${opts.after}</after>` : ""}</set>`;
  const res = await c.iq(
    "set",
    `<query xmlns="${NS_MAM}" queryid="${queryId}"><x xmlns="${NS_DATA}" type="submit">${fields}</x>${rsm}</query>`,
    to,
  );
  const fin = res.getChild("fin", NS_MAM);
  if (!fin) throw new Error(`mam failed: ${res.toString()}`);
  const messages = c.received
    .filter((el) => el.getChild("result", NS_MAM)?.attrs.queryid === queryId)
    .map((el) =>
      el
        .getChild("result", NS_MAM)!
        .getChild("forwarded")!
        .getChild("message")!,
    );
  return { messages, fin };
}
