/** Reading the PBX's incoming-call push off the chat connection (docs/integration.md). */
import { NS_MOA_PUSH } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { parseIncomingCallPush } from "./incoming-call-push";

function headline(type: string, body: string): Element {
  const doc = new DOMParser().parseFromString(
    `<message xmlns="jabber:client" type="headline"><push xmlns="${NS_MOA_PUSH}" type="${type}"></push></message>`,
    "application/xml",
  );
  const push = doc.getElementsByTagNameNS(NS_MOA_PUSH, "push")[0];
  if (push) push.textContent = body;
  return doc.documentElement;
}

describe("parseIncomingCallPush", () => {
  it("reads the number and the caller's card", () => {
    const usrInfo = { id: "jiwoo.park", company: "모아테크", name: "박지우" };
    expect(
      parseIncomingCallPush(
        headline(
          "incomingCall",
          JSON.stringify({ callNumber: "01043218765", usrInfo }),
        ),
      ),
    ).toEqual({ callNumber: "01043218765", caller: usrInfo });
    expect(
      parseIncomingCallPush(
        headline("incomingCall", JSON.stringify({ callNumber: "0299998888" })),
      ),
    ).toEqual({ callNumber: "0299998888" });
  });

  it("ignores other pushes and malformed payloads", () => {
    expect(
      parseIncomingCallPush(headline("alarm", JSON.stringify({ id: "1" }))),
    ).toBeNull();
    expect(
      parseIncomingCallPush(headline("incomingCall", "not json")),
    ).toBeNull();
    expect(
      parseIncomingCallPush(headline("incomingCall", JSON.stringify({}))),
    ).toBeNull();
  });
});
