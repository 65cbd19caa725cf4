/** Choosing whom to call (spec §5 Calls): one fills the number, several make a group of at most 6. */
import { describe, expect, it } from "vitest";
import { chooseMembers, cleanTypedNumber, numbersOf } from "./dial-plan";

const member = (i: number, phone = `0101234000${i}`) => ({
  jid: `u${i}@chat.moa.test`,
  id: `u${i}`,
  name: `사용자${i}`,
  phone,
});

describe("cleanTypedNumber", () => {
  it("removes dashes, blanks and what a phone cannot dial, keeping * and #", () => {
    expect(cleanTypedNumber("010-1234-5678")).toBe("01012345678");
    expect(cleanTypedNumber(" 02 123 4567 ")).toBe("021234567");
    expect(cleanTypedNumber("*77#ab")).toBe("*77#");
  });
});

describe("chooseMembers", () => {
  it("fills the number with one member, remembering who it is", () => {
    expect(chooseMembers([member(1)])).toEqual({
      target: {
        kind: "number",
        number: "01012340001",
        party: { id: "u1", name: "사용자1" },
      },
      dropped: 0,
      withoutNumber: [],
      group: false,
    });
  });

  it("switches to group mode with several and drops members beyond 6", () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((i) => member(i));
    const choice = chooseMembers(seven);
    expect(choice.group).toBe(true);
    expect(choice.dropped).toBe(1);
    expect(choice.target && numbersOf(choice.target)).toEqual(
      seven.slice(0, 6).map((m) => m.phone),
    );
  });

  it("leaves out members without a number, and has no target when nobody is left", () => {
    const choice = chooseMembers([member(1, ""), member(2)]);
    expect(choice.withoutNumber).toEqual(["사용자1"]);
    expect(choice.target).toMatchObject({
      kind: "number",
      number: "01012340002",
    });
    expect(chooseMembers([member(3, "")])).toMatchObject({
      target: undefined,
      withoutNumber: ["사용자3"],
    });
  });
});
