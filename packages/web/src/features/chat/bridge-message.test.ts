/** A FILE message's links never reach the room window: it gets the file number and whether there is a thumbnail. */
import { describe, expect, it } from "vitest";
import { toBridgeMessage } from "./bridge-message";
import type { ChatMessage } from "./chat-types";

const forged: ChatMessage = {
  stanzaId: 7,
  roomName: "pc_room",
  roomJid: "pc_room@conference.moa.test",
  roomType: 2,
  senderJid: "kim.demo@moa.test",
  senderName: "김민수",
  time: 1_741_568_400_000,
  contentType: "FILE",
  text: "photo.png",
  deleted: false,
  long: false,
  extension: JSON.stringify({
    contentType: "FILE",
    fileName: "photo.png",
    fileSize: "1.00 KB",
    fileSizeOrg: 1024,
    fileno: 42,
    fileDownUrl: "http://127.0.0.1:9/steal",
    thumbUrl: "http://127.0.0.1:9/steal.png",
  }),
};

describe("toBridgeMessage", () => {
  it("keeps no URL of a FILE message", () => {
    const message = toBridgeMessage(forged);
    expect(message.file).toEqual({
      fileName: "photo.png",
      fileSize: 1024,
      fileno: 42,
      thumbnail: true,
    });
    expect(JSON.stringify(message)).not.toContain("127.0.0.1");
  });
});
