/**
 * Inviting from a room window (spec §2.11, §4, §5): the org picker (members listed but not pickable), then for a 1:1
 * room the room-type choice, since such an invite creates a new group or project room with everyone. The opener checks
 * who may invite (`inviteRule`); a refusal by the server still shows the spec's message.
 */
import { ROOM_TYPES, type BridgeEvents } from "@moa/shared";
import { App } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import {
  OrgPicker,
  RoomTypeDialog,
  type PickerUser,
  type RoomTypeChoice,
} from "../../org-picker";
import { createBridgeOrgSource } from "./bridge-org-source";
import { invitesIntoNewRoom } from "./room-roles";

type Room = BridgeEvents["room:initialized"];

type InviteFlowProps = {
  /** The flow runs (the user may invite here). */
  open: boolean;
  room: Room;
  ownJid: string;
  /** The server refused: only the chief invites in this project room. */
  onRefused: () => void;
  onClose: () => void;
};

export function InviteFlow({
  open,
  room,
  ownJid,
  onRefused,
  onClose,
}: InviteFlowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const getOrg = useBridgeRequest("org:get");
  const invite = useBridgeRequest("room:invite");
  const source = useMemo(() => createBridgeOrgSource(getOrg), [getOrg]);
  const [picked, setPicked] = useState<readonly PickerUser[] | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = () => {
    setPicked(null);
    onClose();
  };

  const send = async (
    users: readonly PickerUser[],
    choice: RoomTypeChoice | null,
  ) => {
    setBusy(true);
    try {
      const answer = await invite({
        roomName: room.roomName,
        invitees: users.map((u) => u.jid),
        // A multi room keeps its type; the choice only names a new room.
        roomType:
          choice?.type ??
          (room.roomType === ROOM_TYPES.project
            ? ROOM_TYPES.project
            : ROOM_TYPES.group),
        description: choice?.title ?? "",
      });
      if (answer.refused === "chiefOnly") onRefused();
      else if (answer.created)
        void message.success(t("roomManage.invite.created"));
      else
        void message.success(
          t("roomManage.invite.done", { count: users.length }),
        );
      finish();
    } catch {
      void message.error(t("roomManage.invite.failed"));
    } finally {
      setBusy(false);
    }
  };

  const handlePicked = (users: readonly PickerUser[]) => {
    const invitees = users.filter((u) => u.jid !== ownJid);
    if (invitees.length === 0) {
      finish();
      return;
    }
    if (invitesIntoNewRoom(room.roomType)) setPicked(invitees);
    else void send(invitees, null);
  };

  return (
    <>
      <OrgPicker
        open={open && picked === null}
        title={t("roomManage.invite.title")}
        source={source}
        selfJid={ownJid}
        excluded={room.members.map((m) => m.jid)}
        emptyMessage={t("CH.PA.A.008")}
        onConfirm={handlePicked}
        onCancel={finish}
      />
      <RoomTypeDialog
        open={open && picked !== null}
        busy={busy}
        onConfirm={(choice) => {
          if (picked) void send(picked, choice);
        }}
        onCancel={finish}
      />
    </>
  );
}
