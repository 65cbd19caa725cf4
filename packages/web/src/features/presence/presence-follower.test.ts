/** The presence follower: one subscription for every consumer's users, summaries from the answer and the pushes. */
import { NS_MOA_PRESENCE } from "@moa/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PresenceFollower, type PresenceTransport } from "./presence-follower";

const KIM = "minsu.kim.demo.moa.test@chat.moa.test";
const PARK = "jiwoo.park.demo.moa.test@chat.moa.test";
const LEE = "seoyeon.lee.demo.moa.test@chat.moa.test";

function scripted(online: { jid: string; target: string; show: string }[]) {
  const sent: string[][] = [];
  let push: (el: Element) => void = () => undefined;
  let resume: () => void = () => undefined;
  const transport: PresenceTransport = {
    sendIq: (iq) => {
      sent.push(
        [...iq.getElementsByTagName("item")].map(
          (i) => i.getAttribute("jid") ?? "",
        ),
      );
      const items = online
        .map(
          (o) =>
            `<item jid="${o.jid}" target="${o.target}" show="${o.show}" login-time="1"/>`,
        )
        .join("");
      return Promise.resolve(
        parse(
          `<iq xmlns="jabber:client" type="result"><subscribe xmlns="${NS_MOA_PRESENCE}">${items}</subscribe></iq>`,
        ),
      );
    },
    onPresence: (fn) => {
      push = fn;
      return () => undefined;
    },
    onResume: (fn) => {
      resume = fn;
      return () => undefined;
    },
  };
  return {
    transport,
    sent,
    push: (el: Element) => {
      push(el);
    },
    resume: () => {
      resume();
    },
  };
}

/** Parses stanza text the way the connection hands it over: with real namespaces. */
function parse(xml: string): Element {
  return new DOMParser().parseFromString(xml, "text/xml").documentElement;
}

function pushed(jid: string, target: string, show: string) {
  const type = show === "off" ? ` type="unavailable"` : "";
  const shown = show === "away" || show === "dnd" ? `<show>${show}</show>` : "";
  return parse(
    `<presence xmlns="jabber:client" from="${jid}/${target}-1"${type}>${shown}` +
      `<presence xmlns="${NS_MOA_PRESENCE}" target="${target}" show="${show}" login-time="2"/></presence>`,
  );
}

describe("PresenceFollower", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("subscribes once to the union of what its consumers show, and reads who is online from the answer", async () => {
    const server = scripted([
      { jid: KIM, target: "pc", show: "on" },
      { jid: PARK, target: "mobile", show: "away" },
    ]);
    const follower = new PresenceFollower(server.transport);
    follower.start();
    follower.follow("room:a", [KIM, PARK]);
    follower.follow("room:b", [PARK, LEE]);
    await vi.runAllTimersAsync();

    expect(server.sent).toEqual([[KIM, PARK, LEE]]);
    expect(follower.presenceOf(KIM)).toBe("pc");
    expect(follower.presenceOf(PARK)).toBe("away");
    expect(follower.presenceOf(LEE)).toBe("off");
  });

  it("updates on pushes and tells listeners only when what is shown changes", async () => {
    const server = scripted([{ jid: KIM, target: "pc", show: "on" }]);
    const follower = new PresenceFollower(server.transport);
    follower.start();
    const changes: string[] = [];
    follower.onChange((jid, presence) => changes.push(`${jid} ${presence}`));
    follower.follow("room:a", [KIM]);
    await vi.runAllTimersAsync();

    server.push(pushed(KIM, "mobile", "on"));
    server.push(pushed(KIM, "pc", "dnd"));
    server.push(pushed(KIM, "mobile", "off"));
    server.push(pushed(KIM, "pc", "off"));

    expect(changes).toEqual([
      `${KIM} pc`,
      `${KIM} mobile`,
      `${KIM} dnd`,
      `${KIM} off`,
    ]);
  });

  it("subscribes again after a reconnect and without the users nobody shows any more", async () => {
    const server = scripted([]);
    const follower = new PresenceFollower(server.transport);
    follower.start();
    follower.follow("room:a", [KIM]);
    follower.follow("room:b", [PARK]);
    await vi.runAllTimersAsync();
    follower.unfollow("room:a");
    await vi.runAllTimersAsync();
    server.resume();
    await vi.runAllTimersAsync();

    expect(server.sent).toEqual([[KIM, PARK], [PARK], [PARK]]);
  });
});
