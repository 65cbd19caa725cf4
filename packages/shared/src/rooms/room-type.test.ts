import { describe, expect, it } from "vitest";
import { isMultiRoom, ROOM_TYPES, roomTypeFromName } from "./room-type.js";
import { createRoomName } from "./room-name.js";

describe("roomTypeFromName", () => {
  it("reads every prefix, preferring s_s_ over s_ and pc_pjt_ over pc_", () => {
    expect(roomTypeFromName("s_s_hong.corp1700000000000")).toBe(
      ROOM_TYPES.self,
    );
    expect(roomTypeFromName("s_hong.corp1700000000000")).toBe(ROOM_TYPES.dual);
    expect(roomTypeFromName("pc_pjt_hong.corp1700000000000")).toBe(
      ROOM_TYPES.project,
    );
    expect(roomTypeFromName("pc_hong.corp1700000000000")).toBe(
      ROOM_TYPES.group,
    );
    expect(roomTypeFromName("al_notice")).toBe(ROOM_TYPES.news);
  });

  it("treats names without a known prefix, and the empty name, as legacy", () => {
    expect(roomTypeFromName("lobby")).toBe(ROOM_TYPES.legacy);
    expect(roomTypeFromName("")).toBe(ROOM_TYPES.legacy);
    expect(roomTypeFromName("S_hong")).toBe(ROOM_TYPES.legacy);
  });

  it("round-trips every creatable type through createRoomName", () => {
    const types = [
      ROOM_TYPES.dual,
      ROOM_TYPES.group,
      ROOM_TYPES.project,
      ROOM_TYPES.self,
      ROOM_TYPES.news,
    ] as const;
    for (const type of types) {
      expect(roomTypeFromName(createRoomName(type, "hong.corp", () => 1))).toBe(
        type,
      );
    }
  });

  it("calls group and project rooms multi rooms", () => {
    expect(isMultiRoom(ROOM_TYPES.group)).toBe(true);
    expect(isMultiRoom(ROOM_TYPES.project)).toBe(true);
    expect(isMultiRoom(ROOM_TYPES.dual)).toBe(false);
    expect(isMultiRoom(ROOM_TYPES.self)).toBe(false);
  });
});

describe("createRoomName", () => {
  it("joins prefix, user node and the clock's milliseconds", () => {
    expect(
      createRoomName(
        ROOM_TYPES.group,
        "hong.corp.com",
        () => 1_700_000_000_123,
      ),
    ).toBe("pc_hong.corp.com1700000000123");
    expect(createRoomName(ROOM_TYPES.self, "김철수.corp", () => 5)).toBe(
      "s_s_김철수.corp5",
    );
  });

  it("refuses an empty user node or a broken clock", () => {
    expect(() => createRoomName(ROOM_TYPES.dual, "", () => 1)).toThrow(
      /user node/,
    );
    expect(() => createRoomName(ROOM_TYPES.dual, "hong", () => 1.5)).toThrow(
      /clock/,
    );
    expect(() => createRoomName(ROOM_TYPES.dual, "hong", () => -1)).toThrow(
      /clock/,
    );
  });
});
