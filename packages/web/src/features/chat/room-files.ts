/**
 * The main window's side of room files (spec §7.6, §7.9 send-file): after a room window uploaded files it asks for
 * their FILE messages (`file:send`, one message per file, body = file name, extensions = the upload's file record,
 * docs/protocol.md §2; the server posts nothing itself on upload), and room windows get the session's access token
 * for the file API (`session:get-access-token`).
 */
import { fileExtensionJson, type Bridge } from "@moa/shared";
import type { ChatSync } from "./chat-sync";
import { createRoomSender } from "./room-sender";
import type { RoomTransport } from "./room-transport";

/**
 * Answers room windows' file requests.
 * @param bridge - the main window's bridge.
 * @param sync - the room list (room JIDs).
 * @param transport - the session's chat connection.
 * @param accessToken - the session's token, renewed when `refused` is still the current one.
 * @returns stops answering.
 */
export function connectRoomFiles(
  bridge: Bridge,
  sync: ChatSync,
  transport: RoomTransport,
  accessToken: (refused?: string) => Promise<string>,
): () => void {
  const sender = createRoomSender(transport);
  const offs = [
    bridge.handle("file:send", async ({ roomName, files }) => {
      const room = sync.store.getState().rooms.get(roomName);
      if (!room) throw new Error("unknown room");
      let sent = 0;
      for (const file of files) {
        await sender.send(
          room.jid,
          file.fileName,
          null,
          fileExtensionJson(file),
        );
        sent += 1;
      }
      return { sent };
    }),
    bridge.handle("session:get-access-token", async ({ refused }) => ({
      accessToken: await accessToken(refused),
    })),
  ];
  return () => {
    for (const off of offs) off();
    sender.dispose();
  };
}
