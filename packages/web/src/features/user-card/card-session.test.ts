/** The user card's actions (spec §6): the call action is for people with a number, never for free users or oneself. */
import type { UserInfo } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { TEST_USER } from "../../test/fake-rest";
import { cardActions } from "./card-session";
import type { CardUser } from "./card-user";

const colleague: CardUser = {
  jid: "jiwoo.park.demo.moa.test@chat.moa.test",
  loginId: "jiwoo.park",
  name: "박지우",
  position: "사원",
  title: "팀원",
  deptPath: ["모아테크", "개발팀"],
  company: "모아테크",
  email: "jiwoo.park@demo.moa.test",
  phone: "02-6000-1002",
  extension: "1002",
  mobile: "010-2000-3000",
  jobDescription: "",
  nickname: "",
  photoUrl: "",
};

describe("cardActions", () => {
  it("offers a call to a colleague with a business phone or a mobile", () => {
    expect(cardActions(TEST_USER, colleague, true)).toContain("call");
    expect(cardActions(TEST_USER, { ...colleague, phone: "" }, true)).toContain(
      "call",
    );
  });

  it("offers no call without a number, to a free user, or on one's own card", () => {
    const free: UserInfo = { ...TEST_USER, freeUserYn: "Y" };
    expect(
      cardActions(TEST_USER, { ...colleague, phone: "", mobile: "" }, true),
    ).not.toContain("call");
    expect(cardActions(free, colleague, true)).not.toContain("call");
    expect(
      cardActions(
        TEST_USER,
        { ...colleague, jid: TEST_USER.messengerId },
        false,
      ),
    ).not.toContain("call");
  });
});
