import { describe, expect, it } from "vitest";
import {
  comparePresence,
  isLoggedOn,
  presenceRank,
  presenceRejoinDelay,
  summarizePresence,
} from "./presence.js";

describe("isLoggedOn", () => {
  it("counts pc, mobile, dnd and away as logged on", () => {
    for (const p of ["pc", "mobile", "dnd", "away"])
      expect(isLoggedOn(p)).toBe(true);
  });

  it("does not count off, webchat alone, empty or unknown values", () => {
    for (const p of ["off", "webchat", "", "online", null, undefined])
      expect(isLoggedOn(p)).toBe(false);
  });
});

describe("presence sort", () => {
  it("sorts pc, webchat, mobile, away, dnd, off", () => {
    const shuffled = ["off", "dnd", "mobile", "pc", "away", "webchat"];
    expect([...shuffled].sort(comparePresence)).toEqual([
      "pc",
      "webchat",
      "mobile",
      "away",
      "dnd",
      "off",
    ]);
  });

  it("ranks unknown and missing values like off", () => {
    expect(presenceRank("weird")).toBe(presenceRank("off"));
    expect(presenceRank(undefined)).toBe(5);
  });
});

describe("presenceRejoinDelay", () => {
  it("spans 1 s to 30 s inclusive", () => {
    expect(presenceRejoinDelay(() => 0)).toBe(1000);
    expect(presenceRejoinDelay(() => 0.999999999)).toBe(30_000);
    expect(presenceRejoinDelay(() => 0.5)).toBe(15_500);
  });

  it("stays in range even if the random source misbehaves", () => {
    expect(presenceRejoinDelay(() => 1)).toBe(30_000);
    expect(presenceRejoinDelay(() => -1)).toBe(1000);
  });
});

describe("summarizePresence", () => {
  it("is off with no online target", () => {
    expect(summarizePresence([])).toBe("off");
  });

  it("shows where the user is, the PC before the phone", () => {
    expect(summarizePresence([{ target: "mobile" }])).toBe("mobile");
    expect(summarizePresence([{ target: "mobile" }, { target: "pc" }])).toBe(
      "pc",
    );
    expect(summarizePresence([{ target: "web" }])).toBe("webchat");
  });

  it("shows a target's away or busy state, unless another target is plainly online", () => {
    expect(summarizePresence([{ target: "pc", show: "dnd" }])).toBe("dnd");
    expect(
      summarizePresence([
        { target: "pc", show: "away" },
        { target: "mobile", show: "dnd" },
      ]),
    ).toBe("away");
    expect(
      summarizePresence([{ target: "pc", show: "away" }, { target: "mobile" }]),
    ).toBe("mobile");
  });
});
