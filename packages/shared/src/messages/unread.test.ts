import { describe, expect, it } from "vitest";
import { countUnread, type ReadStateMember } from "./unread.js";

const member = (
  jid: string,
  watchTime: number,
  affiliation: ReadStateMember["affiliation"] = "owner",
) => ({
  jid,
  watchTime,
  affiliation,
});

describe("countUnread", () => {
  const message = { time: 1000, senderJid: "me@corp" };

  it("counts the other normal members who have not read past the message", () => {
    const members = [
      member("me@corp", 0),
      member("a@corp", 999),
      member("b@corp", 1001),
      member("c@corp", 0),
    ];
    expect(countUnread(message, members)).toBe(2);
  });

  it("does not count a watch time equal to the message time as read", () => {
    expect(
      countUnread(message, [member("me@corp", 0), member("a@corp", 1000)]),
    ).toBe(1);
  });

  it("is 0 when every other member has read it", () => {
    expect(
      countUnread(message, [
        member("me@corp", 0),
        member("a@corp", 2000),
        member("b@corp", 1001),
      ]),
    ).toBe(0);
  });

  it("ignores members who were kicked out or left (affiliation none)", () => {
    const members = [
      member("me@corp", 0),
      member("gone@corp", 0, "none"),
      member("a@corp", 0, "admin"),
    ];
    expect(countUnread(message, members)).toBe(1);
  });

  it("is 0 when the sender is not a normal member", () => {
    expect(
      countUnread(message, [member("me@corp", 0, "none"), member("a@corp", 0)]),
    ).toBe(0);
    expect(countUnread(message, [member("a@corp", 0)])).toBe(0);
  });

  it("is 0 for an empty member list and for a self room", () => {
    expect(countUnread(message, [])).toBe(0);
    expect(countUnread(message, [member("me@corp", 0)])).toBe(0);
  });
});
