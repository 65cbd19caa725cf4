/**
 * Another user of the demo company, driven from Node with a stock XMPP client (@xmpp/client): logs in through the
 * real login API, opens rooms and sends messages the browser user receives (docs/protocol.md §2, §3).
 */
import { loginAs } from "@moa/server/testing";
import {
  CHAT_UPLOAD_PATH,
  chatUploadResponseSchema,
  fileExtensionJson,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_SID,
  type ChatFileData,
} from "@moa/shared";
import { WebSocket } from "ws";
import { DEMO } from "./login-helpers.js";

export type ChatPeer = {
  /** The peer's bare JID. */
  jid: string;
  /** The bare JID of another demo user (`{loginId}.{domain}@{xmppDomain}`). */
  jidOf(loginId: string): string;
  /** Creates a room with the given members (type 1 dual, 2 group, 3 project with the peer as chief); returns its name. */
  createRoom(
    type: 1 | 2 | 3,
    memberJids: string[],
    title?: string,
  ): Promise<string>;
  /** Sends a text and waits until the server archived it (its reflection carries the archive id). */
  say(roomName: string, text: string): Promise<void>;
  /** As the chief of a project room, removes members (a BAN notice); resolves once the server did it. */
  kick(roomName: string, memberJids: string[]): Promise<void>;
  /** Sends a FILE message for a file record (as a client does after an upload) and waits until it is archived. */
  sayFile(roomName: string, file: ChatFileData): Promise<void>;
  /** Uploads a file into a room over HTTP, as the web client does; returns the server's file record. */
  upload(
    roomName: string,
    file: { name: string; mimeType: string; bytes: Uint8Array },
  ): Promise<ChatFileData>;
  /**
   * Sends a room message with any extensions JSON, as a hostile client could.
   * @returns "archived", or the server's error code when it refused the message.
   */
  sendRaw(roomName: string, body: string, extension: string): Promise<string>;
  /** Sends the peer's own presence (docs/protocol.md §5): online, away or busy; `stop` takes them offline. */
  setPresence(show: "on" | "away" | "dnd"): Promise<void>;
  stop(): Promise<void>;
};

let sent = 0;

/**
 * Logs a demo user in and connects them to the chat server.
 * @param serverUrl - the server's http URL.
 * @param loginId - a seeded demo user.
 */
export async function connectPeer(
  serverUrl: string,
  loginId: string,
): Promise<ChatPeer> {
  // Node 20 has no global WebSocket; @xmpp/websocket expects the browser API.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const { client, xml } = await import("@xmpp/client");
  const tokens = await loginAs(
    { url: serverUrl },
    { loginId, domain: DEMO.domain, password: DEMO.password },
  );
  const jid = tokens.body.User_Info.messengerId;
  const [local = "", domain = ""] = jid.split("@");
  const xmpp = client({
    service: `${serverUrl.replace(/^http/, "ws")}/ws/`,
    domain,
    resource: `pc-e2e${String(Date.now())}`,
    username: local,
    password: tokens.accessToken,
  });
  // A sent message ends in its reflection (archived) or in a message error with the same id (refused).
  const reflections = new Map<string, (outcome: string) => void>();
  xmpp.on("stanza", (stanza) => {
    const id = stanza.attrs.id as string | undefined;
    if (!stanza.is("message") || !id) return;
    if (stanza.attrs.type === "error")
      reflections.get(id)?.(
        stanza.getChild("error")?.getChildText("text") ?? "error",
      );
    else if (stanza.getChild("stanza-id", NS_SID))
      reflections.get(id)?.("archived");
  });
  xmpp.on("error", () => undefined);
  await xmpp.start();

  return {
    jid,
    jidOf: (other) => `${other}.${DEMO.domain}@${domain}`,
    async createRoom(type, memberJids, title = "") {
      const answer = await xmpp.iqCaller.request(
        xml(
          "iq",
          { type: "set" },
          xml(
            "create",
            { xmlns: NS_MOA_ROOMS, type: String(type), title },
            ...memberJids.map((m) => xml("member", { jid: m })),
          ),
        ),
      );
      const name = answer.getChild("room", NS_MOA_ROOMS)?.attrs.name as
        string | undefined;
      if (!name) throw new Error(`room not created: ${answer.toString()}`);
      return name;
    },
    say: (roomName, text) =>
      send(roomName, text, JSON.stringify({ contentType: "TALK" })),
    async kick(roomName, memberJids) {
      await xmpp.iqCaller.request(
        xml(
          "iq",
          { type: "set" },
          xml(
            "delete-member",
            { xmlns: NS_MOA_ROOMS, room: roomName },
            ...memberJids.map((m) => xml("member", { jid: m })),
          ),
        ),
      );
    },
    sayFile: (roomName, file) =>
      send(roomName, file.fileName, fileExtensionJson(file)),
    async upload(roomName, file) {
      const form = new FormData();
      form.append("roomname", roomName);
      form.append(
        "multipartFile",
        new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }),
        file.name,
      );
      const res = await fetch(`${serverUrl}${CHAT_UPLOAD_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.accessToken}` },
        body: form,
      });
      const stored = chatUploadResponseSchema.parse(await res.json())
        .multipartFile[0];
      if (!stored) throw new Error(`upload of ${file.name} stored nothing`);
      return stored;
    },
    sendRaw: (roomName, body, extension) =>
      outcomeOf(roomName, body, extension),
    async setPresence(show) {
      await xmpp.send(
        xml("presence", {}, ...(show === "on" ? [] : [xml("show", {}, show)])),
      );
    },
    async stop() {
      await xmpp.stop();
    },
  };

  /** Sends a room message and waits until the server archived it (its reflection carries the archive id). */
  async function send(roomName: string, text: string, extension: string) {
    const outcome = await outcomeOf(roomName, text, extension);
    if (outcome !== "archived")
      throw new Error(`"${text}" was refused: ${outcome}`);
  }

  /** Sends a room message; resolves with "archived" or the server's error code. */
  async function outcomeOf(
    roomName: string,
    text: string,
    extension: string,
  ): Promise<string> {
    const id = `e2e-${String((sent += 1))}`;
    const outcome = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`"${text}" was not answered`));
      }, 10_000);
      reflections.set(id, (result) => {
        clearTimeout(timer);
        reflections.delete(id);
        resolve(result);
      });
    });
    await xmpp.send(
      xml(
        "message",
        { type: "groupchat", to: `${roomName}@conference.${domain}`, id },
        xml("body", {}, text),
        xml("extensions", { xmlns: NS_MOA_CHAT }, extension),
      ),
    );
    return outcome;
  }
}
