import { describe, expect, it } from "vitest";
import { nextPinOrder, sortRooms, type SortableRoom } from "./room-order.js";

const room = (
  name: string,
  fields: Partial<SortableRoom> = {},
): SortableRoom => ({
  name,
  lastMessageTime: 0,
  unreadCount: 0,
  ...fields,
});

describe("sortRooms", () => {
  const rooms = [
    room("old", { lastMessageTime: 100, unreadCount: 9 }),
    room("pinLow", { order: 1, lastMessageTime: 10 }),
    room("new", { lastMessageTime: 300, unreadCount: 1 }),
    room("pinHigh", { order: 2, lastMessageTime: 5 }),
    room("mid", { lastMessageTime: 200, unreadCount: 9 }),
  ];

  it("puts pinned rooms first, higher order first, then newest message first", () => {
    expect(sortRooms(rooms, "last").map((r) => r.name)).toEqual([
      "pinHigh",
      "pinLow",
      "new",
      "mid",
      "old",
    ]);
  });

  it("sorts unpinned rooms by unread count with notread, newest first on ties", () => {
    expect(sortRooms(rooms, "notread").map((r) => r.name)).toEqual([
      "pinHigh",
      "pinLow",
      "mid",
      "old",
      "new",
    ]);
  });

  it("treats a null order as unpinned and order 0 as pinned", () => {
    const sorted = sortRooms(
      [room("a", { order: null, lastMessageTime: 9 }), room("b", { order: 0 })],
      "last",
    );
    expect(sorted.map((r) => r.name)).toEqual(["b", "a"]);
  });

  it("breaks full ties by name so the order is stable", () => {
    expect(
      sortRooms([room("b"), room("a")], "last").map((r) => r.name),
    ).toEqual(["a", "b"]);
  });

  it("returns a new array and leaves the input alone; empty stays empty", () => {
    const input = [
      room("b", { lastMessageTime: 1 }),
      room("a", { lastMessageTime: 2 }),
    ];
    const sorted = sortRooms(input, "last");
    expect(sorted).not.toBe(input);
    expect(input.map((r) => r.name)).toEqual(["b", "a"]);
    expect(sortRooms([], "notread")).toEqual([]);
  });
});

describe("nextPinOrder", () => {
  it("puts a newly pinned room above every pinned room", () => {
    expect(nextPinOrder([{ order: 3 }, { order: null }, { order: 7 }])).toBe(8);
  });

  it("starts at 1 when nothing is pinned", () => {
    expect(nextPinOrder([])).toBe(1);
    expect(nextPinOrder([{ order: null }, {}])).toBe(1);
  });
});
