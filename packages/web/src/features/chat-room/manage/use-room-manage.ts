/**
 * What the room window's management dialogs read from the main window: the signed-in user (me:get) and the room's
 * details (org details, absence, creation time). Members' live presence is kept in the room state (use-room.ts).
 */
import type { BridgeEvents, BridgeResponses } from "@moa/shared";
import { useEffect, useState } from "react";
import { useBridgeRequest } from "../../../lib/bridge";

type Room = BridgeEvents["room:initialized"];
type MyInfo = BridgeResponses["me:get"];
/** The room's details as `room:get-details` answers them. */
export type RoomDetails = BridgeResponses["room:get-details"];

/** The signed-in user; null until the main window answered. */
export function useMe(): MyInfo | null {
  const getMe = useBridgeRequest("me:get");
  const [me, setMe] = useState<MyInfo | null>(null);
  useEffect(() => {
    const guard = { live: true };
    void (async () => {
      try {
        const info = await getMe({});
        if (guard.live) setMe(info);
      } catch {
        // Without the answer the window shows no user-specific buttons; the session may be ending.
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [getMe]);
  return me;
}

/** Loading state of {@link useRoomDetails}. */
export type DetailsState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; details: RoomDetails };

/**
 * The room's details while `active`, asked again when the member list changes (an invite, kick-out or delegation).
 * @param room - the room (its members change live).
 * @param active - a dialog that shows them is open.
 */
export function useRoomDetails(room: Room, active: boolean): DetailsState {
  const getDetails = useBridgeRequest("room:get-details");
  const [state, setState] = useState<DetailsState>({ status: "loading" });
  const memberKey = room.members
    .map((m) => `${m.jid}:${m.affiliation}`)
    .join(",");
  useEffect(() => {
    if (!active) return;
    const guard = { live: true };
    void (async () => {
      try {
        const details = await getDetails({ roomName: room.roomName });
        if (guard.live) setState({ status: "ready", details });
      } catch {
        if (guard.live) setState({ status: "failed" });
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [active, getDetails, room.roomName, memberKey]);
  return state;
}
