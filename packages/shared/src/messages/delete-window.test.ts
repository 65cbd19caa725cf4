import { describe, expect, it } from "vitest";
import { checkDeleteWindow } from "./delete-window.js";

const sent = 1_700_000_000_000;
const minutes = (n: number) => n * 60_000;

describe("checkDeleteWindow", () => {
  it("allows deleting right after sending, with 5 minutes left", () => {
    expect(checkDeleteWindow(sent, sent)).toEqual({
      ok: true,
      value: minutes(5),
    });
  });

  it("still allows deleting exactly 5 minutes later", () => {
    expect(checkDeleteWindow(sent, sent + minutes(5))).toEqual({
      ok: true,
      value: 0,
    });
  });

  it("refuses one millisecond after the window", () => {
    expect(checkDeleteWindow(sent, sent + minutes(5) + 1)).toEqual({
      ok: false,
      code: "chat.message.deleteWindowExpired",
    });
  });

  it("allows a message stamped in the future (clock skew) with the full window", () => {
    expect(checkDeleteWindow(sent + 10_000, sent)).toEqual({
      ok: true,
      value: minutes(5),
    });
  });
});
