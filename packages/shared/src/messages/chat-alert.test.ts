import { describe, expect, it } from "vitest";
import { ROOM_TYPES } from "../rooms/room-type.js";
import { chatAlertFor, type ChatAlertInput } from "./chat-alert.js";

const ME = "me.demo@chat";
const base: ChatAlertInput = {
  contentType: "TALK",
  senderJid: "kim.demo@chat",
  ownJid: ME,
  roomType: ROOM_TYPES.group,
  alarmBlocked: false,
  roomFocused: false,
  locked: false,
};

describe("chatAlertFor", () => {
  it("alerts fully for a talk or file message from someone else in a room not being read", () => {
    expect(chatAlertFor(base)).toBe("full");
    expect(chatAlertFor({ ...base, contentType: "FILE" })).toBe("full");
    expect(chatAlertFor({ ...base, roomType: ROOM_TYPES.dual })).toBe("full");
  });

  it("never alerts for the user's own messages, even from another device", () => {
    expect(chatAlertFor({ ...base, senderJid: ME })).toBe("none");
    expect(chatAlertFor({ ...base, senderJid: ME, locked: true })).toBe("none");
  });

  it("stays silent while a window of the room has the focus", () => {
    expect(chatAlertFor({ ...base, roomFocused: true })).toBe("none");
  });

  it("stays silent when the room's alarm is off or it is a news room", () => {
    expect(chatAlertFor({ ...base, alarmBlocked: true })).toBe("none");
    expect(
      chatAlertFor({
        ...base,
        roomType: ROOM_TYPES.news,
        contentType: "ALROOM",
      }),
    ).toBe("none");
  });

  it("stays silent for an exit notice and for call types", () => {
    expect(chatAlertFor({ ...base, contentType: "EXIT" })).toBe("none");
    expect(chatAlertFor({ ...base, contentType: "CALL" })).toBe("none");
  });

  it("alerts for other member events (someone invited the user)", () => {
    expect(chatAlertFor({ ...base, contentType: "INVITE" })).toBe("full");
  });

  it("only says that something arrived while the app is locked", () => {
    expect(chatAlertFor({ ...base, locked: true })).toBe("arrived");
    expect(chatAlertFor({ ...base, locked: true, alarmBlocked: true })).toBe(
      "none",
    );
  });
});
