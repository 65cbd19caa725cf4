/**
 * The room window's header menu (spec §2.11): room settings, members, save chat and leave room (not in the own self
 * room); nothing in a news room. It runs the dialogs those items open; the main window does the work over the bridge.
 */
import { MenuOutlined } from "@ant-design/icons";
import { ROOM_TYPES, type BridgeEvents } from "@moa/shared";
import { App, Button, Dropdown } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import { closeThisWindow } from "../../../platform";
import { downloadTextFile } from "./download-text";
import { InviteFlow } from "./InviteFlow";
import { MemberListDialog } from "./MemberListDialog";
import { RoomSettingsDialog } from "./RoomSettingsDialog";
import {
  inviteRule,
  mustStayAsChief,
  roomMenuItems,
  type RoomMenuItem,
} from "./room-roles";
import { useMe } from "./use-room-manage";
import "./room-manage.css";

export type RoomMenuProps = { room: BridgeEvents["room:initialized"] };

type Dialog = "settings" | "members" | "invite" | null;

const ITEM_LABELS = {
  settings: "roomManage.menu.settings",
  members: "roomManage.menu.members",
  saveChat: "roomManage.menu.saveChat",
  leave: "roomManage.menu.leave",
} as const satisfies Record<RoomMenuItem, string>;

export function RoomMenu({ room }: RoomMenuProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useMe();
  const saveChat = useBridgeRequest("chat:save");
  const leave = useBridgeRequest("room:leave");
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = roomMenuItems(room.roomType);
  if (items.length === 0) return null;
  const ownJid = me?.jid ?? "";

  const alert = (content: string) => {
    void modal.warning({
      title: t("common.alert.title"),
      content,
      okText: t("common.button.confirm"),
    });
  };

  const save = async () => {
    try {
      const result = await saveChat({ roomName: room.roomName });
      if (result.saved) {
        downloadTextFile(result.fileName, result.text);
        void message.success(t("roomManage.save.done"));
      } else if (result.reason === "noData")
        void message.info(t("roomManage.save.noData"));
      else void message.error(t("roomManage.save.failed"));
    } catch {
      void message.error(t("roomManage.save.failed"));
    }
  };

  const leaveRoom = async () => {
    try {
      const result = await leave({ roomName: room.roomName });
      if (result.left) closeThisWindow();
      else alert(t("roomManage.leave.chiefCannotLeave"));
    } catch {
      void message.error(t("roomManage.leave.failed"));
    }
  };

  const confirmLeave = () => {
    // Spec §5: the chief of a project room is told to stay while others remain, and is offered no leave dialog.
    if (mustStayAsChief(room, ownJid)) {
      alert(t("roomManage.leave.chiefCannotLeave"));
      return;
    }
    void modal.confirm({
      title: t("roomManage.leave.title"),
      content: t(
        room.roomType === ROOM_TYPES.dual
          ? "roomManage.leave.confirmDual"
          : "roomManage.leave.confirmMulti",
      ),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: leaveRoom,
    });
  };

  const startInvite = () => {
    if (inviteRule(room, ownJid) === "chiefOnly")
      alert(t("roomManage.invite.chiefOnly"));
    else setDialog("invite");
  };

  const choose = (item: RoomMenuItem) => {
    switch (item) {
      case "settings":
      case "members":
        setDialog(item);
        return;
      case "saveChat":
        void save();
        return;
      case "leave":
        confirmLeave();
        return;
    }
  };

  return (
    <>
      <Dropdown
        trigger={["click"]}
        menu={{
          items: items.map((item) => ({
            key: item,
            label: t(ITEM_LABELS[item]),
            danger: item === "leave",
          })),
          onClick: ({ key }) => {
            choose(key as RoomMenuItem);
          },
        }}
      >
        <Button
          type="text"
          aria-label={t("roomManage.menu.button")}
          icon={<MenuOutlined />}
        />
      </Dropdown>
      <MemberListDialog
        open={dialog === "members"}
        room={room}
        ownJid={ownJid}
        freeUser={me?.freeUser ?? true}
        canInvite={inviteRule(room, ownJid) !== "hidden"}
        onInvite={startInvite}
        onClose={() => {
          setDialog(null);
        }}
      />
      <RoomSettingsDialog
        open={dialog === "settings"}
        room={room}
        ownJid={ownJid}
        onClose={() => {
          setDialog(null);
        }}
      />
      {me ? (
        <InviteFlow
          open={dialog === "invite"}
          room={room}
          ownJid={ownJid}
          onRefused={() => {
            alert(t("roomManage.invite.chiefOnly"));
          }}
          onClose={() => {
            setDialog("members");
          }}
        />
      ) : null}
    </>
  );
}
