/** Reading the chat connection's alarm pushes and login notices (docs/protocol.md §5–6). */
import { NS_MOA_PRESENCE, NS_MOA_PUSH } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { loginNoticeOf, loginNoticeScope } from "./login-notices";
import { DEFAULT_LOCAL_SETTINGS } from "@moa/shared";
import { alarmPushOf } from "./workplace-push";

const parse = (xml: string) =>
  new DOMParser().parseFromString(xml, "text/xml").documentElement;

describe("alarm pushes", () => {
  it("reads an alarm push and ignores other pushes and malformed payloads", () => {
    const alarm = {
      id: 3,
      type: "007",
      title: "결재 요청",
      senderDetail: "이서연",
      link: "approval",
      time: 1,
    };
    expect(
      alarmPushOf(
        parse(
          `<message xmlns="jabber:client" type="headline"><push xmlns="${NS_MOA_PUSH}" type="alarm">${JSON.stringify(alarm)}</push></message>`,
        ),
      ),
    ).toEqual(alarm);
    expect(
      alarmPushOf(
        parse(
          `<message xmlns="jabber:client" type="headline"><push xmlns="${NS_MOA_PUSH}" type="count">{"counts":{}}</push></message>`,
        ),
      ),
    ).toBeNull();
    expect(
      alarmPushOf(
        parse(
          `<message xmlns="jabber:client" type="headline"><push xmlns="${NS_MOA_PUSH}" type="alarm">{"id":</push></message>`,
        ),
      ),
    ).toBeNull();
  });
});

describe("login notices", () => {
  it("asks for the scope the settings name, off while login notices are off", () => {
    expect(loginNoticeScope(DEFAULT_LOCAL_SETTINGS)).toBe("off");
    expect(
      loginNoticeScope({
        ...DEFAULT_LOCAL_SETTINGS,
        loginNotiYn: "Y",
        loginNotiCd: "org",
      }),
    ).toBe("org");
  });

  it("reads who logged in", () => {
    expect(
      loginNoticeOf(
        parse(
          `<message xmlns="jabber:client" type="headline" from="a@chat"><login xmlns="${NS_MOA_PRESENCE}" jid="a@chat" target="pc" time="1"/></message>`,
        ),
      ),
    ).toBe("a@chat");
    expect(
      loginNoticeOf(parse(`<message xmlns="jabber:client" type="chat"/>`)),
    ).toBeNull();
  });
});
