/**
 * A FILE message's links never reach the room window: it gets the file number and whether there is a thumbnail. A
 * stanza's `<person/>` names and a TALK's mentions reach it as data.
 */
import {
  LONG_MESSAGE_MAX_LENGTH,
  NS_MOA_CHAT,
  NS_SID,
  previewMessage,
} from "@moa/shared";
import { describe, expect, it } from "vitest";
import { toBridgeMessage } from "./bridge-message";
import { parseRoomMessage } from "./stanzas";
import type { ChatMessage } from "./chat-types";

const forged: ChatMessage = {
  stanzaId: 7,
  roomName: "pc_room",
  roomJid: "pc_room@conference.moa.test",
  roomType: 2,
  senderJid: "kim.demo@moa.test",
  senderName: "김민수",
  time: 1_741_568_400_000,
  contentType: "FILE",
  text: "photo.png",
  deleted: false,
  long: false,
  extension: JSON.stringify({
    contentType: "FILE",
    fileName: "photo.png",
    fileSize: "1.00 KB",
    fileSizeOrg: 1024,
    fileno: 42,
    fileDownUrl: "http://127.0.0.1:9/steal",
    thumbUrl: "http://127.0.0.1:9/steal.png",
  }),
};

describe("toBridgeMessage", () => {
  it("keeps no URL of a FILE message", () => {
    const message = toBridgeMessage(forged);
    expect(message.file).toEqual({
      fileName: "photo.png",
      fileSize: 1024,
      fileno: 42,
      thumbnail: true,
    });
    expect(JSON.stringify(message)).not.toContain("127.0.0.1");
  });

  it("carries the server's names of the people a message names, and whom a talk mentions", () => {
    const xml = `<message xmlns="jabber:client" type="groupchat" from="pc_room@conference.moa.test/kim">
      <body>@이영희 봐주세요</body>
      <stanza-id xmlns="${NS_SID}" id="9" by="pc_room@conference.moa.test"/>
      <chat xmlns="${NS_MOA_CHAT}" sender="kim.demo@moa.test" sender-name="김민수" time="5" room-type="2" content-type="TALK">
        <person jid="Kim.Demo@moa.test" name="김민수" position="차장"/>
        <person jid="nameless@moa.test"/>
      </chat>
      <extensions xmlns="${NS_MOA_CHAT}">{"contentType":"TALK","mentions":["LEE.demo@moa.test"]}</extensions>
    </message>`;
    const stanza = new DOMParser().parseFromString(
      xml,
      "text/xml",
    ).documentElement;
    const message = toBridgeMessage(parseRoomMessage(stanza)!);
    expect(message.people).toEqual([
      { jid: "kim.demo@moa.test", name: "김민수", position: "차장" },
    ]);
    expect(message.mentions).toEqual(["lee.demo@moa.test"]);
  });

  it("shows a long message's preview (the server sends it whole for stock clients) with see-all", () => {
    const whole = "가".repeat(LONG_MESSAGE_MAX_LENGTH + 100);
    const xml = `<message xmlns="jabber:client" type="groupchat" from="pc_room@conference.moa.test/김민수">
      <body>${whole}</body>
      <stanza-id xmlns="${NS_SID}" id="9" by="pc_room@conference.moa.test"/>
      <chat xmlns="${NS_MOA_CHAT}" sender="kim.demo@moa.test" sender-name="김민수" time="5" room-type="2" content-type="TALK" long="true"/>
    </message>`;
    const stanza = new DOMParser().parseFromString(
      xml,
      "text/xml",
    ).documentElement;
    const message = toBridgeMessage(parseRoomMessage(stanza)!);
    expect(message.isLongMsg).toBe(true);
    expect(message.text).toBe(previewMessage(whole).text);
    expect(message.text.length).toBeLessThan(whole.length);
  });
});
