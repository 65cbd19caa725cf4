/** userData get/set of spec §7.8 in `urn:moa:user:0`: room pin orders, private room (ON/OFF), blocked alarms. */
import xml, { type Element } from "@xmpp/xml";
import { NS_MOA_USER } from "@moa/shared";
import type { ChatServices } from "../../../services/chat/chat-services.js";
import type {
  UserData,
  UserDataPatch,
} from "../../../services/chat/user-data.service.js";
import type { Router } from "../../router.js";
import { StanzaError } from "../../stream/errors.js";

function render(data: UserData): Element {
  return xml(
    "user-data",
    { xmlns: NS_MOA_USER },
    xml("room-orders", {}, JSON.stringify(data.roomOrders)),
    xml("private-room", {}, data.privateRoom ? "ON" : "OFF"),
    xml("blocked-alarms", {}, JSON.stringify(data.blockedAlarms)),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new StanzaError("bad-request", "invalid_input");
  }
}

/**
 * Registers the userData handlers.
 * @param router the router.
 * @param chat the chat services.
 */
export function registerUserData(router: Router, chat: ChatServices): void {
  router.iq("get", NS_MOA_USER, "user-data", async (session) =>
    render(await chat.userData.get(session.actor)),
  );
  router.iq("set", NS_MOA_USER, "user-data", async (session, payload) => {
    const patch: UserDataPatch = {};
    const orders = payload.getChildText("room-orders");
    const privateRoom = payload.getChildText("private-room");
    const blocked = payload.getChildText("blocked-alarms");
    if (orders !== null)
      patch.roomOrders = parseJson(orders) as UserData["roomOrders"];
    if (blocked !== null) patch.blockedAlarms = parseJson(blocked) as string[];
    if (privateRoom !== null) {
      if (privateRoom !== "ON" && privateRoom !== "OFF")
        throw new StanzaError("bad-request", "invalid_input");
      patch.privateRoom = privateRoom === "ON";
    }
    return render(await chat.userData.set(session.actor, patch));
  });
}
