/**
 * Whether a history page reaches the room's first message, against a scripted archive: the server's `complete` says
 * so, and a short page of long messages (the server keeps a page within a byte budget) does not.
 */
import { NS_MAM, NS_MOA_CHAT, NS_RSM, NS_SID } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { fetchRoomHistory } from "./room-history";
import type { RoomTransport } from "./room-transport";

const ROOM = "r1@conference.chat.test";

function parse(xml: string): Element {
  return new DOMParser().parseFromString(xml, "text/xml").documentElement;
}

/** An archive that answers every query with the given bodies (newest last) and `complete` flag. */
function archive(bodies: readonly string[], complete: boolean): RoomTransport {
  const listeners = new Set<(m: Element) => void>();
  return {
    send: () => true,
    onMessage: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    sendIq: (iq) => {
      const queryId = iq.querySelector("query")?.getAttribute("queryid") ?? "";
      bodies.forEach((body, i) => {
        const id = String(i + 1);
        const el = parse(
          `<message xmlns="jabber:client"><result xmlns="${NS_MAM}" queryid="${queryId}" id="${id}"><forwarded xmlns="urn:xmpp:forward:0">` +
            `<message type="groupchat" from="${ROOM}/kim"><body>${body}</body><stanza-id xmlns="${NS_SID}" id="${id}"/>` +
            `<chat xmlns="${NS_MOA_CHAT}" sender="kim.corp@chat.test" sender-name="" time="${id}" content-type="TALK"/>` +
            `</message></forwarded></result></message>`,
        );
        for (const fn of listeners) fn(el);
      });
      return Promise.resolve(
        parse(
          `<iq xmlns="jabber:client" type="result"><fin xmlns="${NS_MAM}" complete="${String(complete)}"><set xmlns="${NS_RSM}"/></fin></iq>`,
        ),
      );
    },
  };
}

describe("a room's history page", () => {
  it("does not reach the first message when the server says more are left, however short the page", async () => {
    const page = await fetchRoomHistory(
      archive(["a long paste", "another"], false),
      ROOM,
      { before: null },
    );
    expect(page.messages.map((m) => m.text)).toEqual([
      "a long paste",
      "another",
    ]);
    expect(page.reachedFirst).toBe(false);
  });

  it("reaches the first message when the server says the page is complete", async () => {
    const page = await fetchRoomHistory(archive(["first"], true), ROOM, {
      before: null,
    });
    expect(page.reachedFirst).toBe(true);
  });
});
