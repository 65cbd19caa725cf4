/**
 * The room settings dialog (spec §2.11): tabs room info, room setup (only for the chief of a project room) and file
 * contents. A delegation returns to the info tab, and the setup tab goes away with the chief role.
 */
import { isNormalMember, type BridgeEvents } from "@moa/shared";
import { Modal, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RoomFilesTab } from "./RoomFilesTab";
import { RoomInfoTab } from "./RoomInfoTab";
import { RoomSetupTab } from "./RoomSetupTab";
import { isChief } from "./room-roles";
import { useRoomDetails } from "./use-room-manage";

type Room = BridgeEvents["room:initialized"];
type Tab = "info" | "setup" | "files";

type RoomSettingsDialogProps = {
  open: boolean;
  room: Room;
  ownJid: string;
  onClose: () => void;
};

export function RoomSettingsDialog({
  open,
  room,
  ownJid,
  onClose,
}: RoomSettingsDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("info");
  const details = useRoomDetails(room, open);
  const chief = isChief(room, ownJid);
  const active = tab === "setup" && !chief ? "info" : tab;

  return (
    <Modal
      open={open}
      title={t("roomManage.settings.title")}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        setTab("info");
        onClose();
      }}
    >
      <Tabs
        activeKey={active}
        onChange={(key) => {
          setTab(key as Tab);
        }}
        items={[
          {
            key: "info",
            label: t("roomManage.settings.info"),
            children: (
              <RoomInfoTab
                room={room}
                details={details}
                memberCount={room.members.filter(isNormalMember).length}
              />
            ),
          },
          ...(chief
            ? [
                {
                  key: "setup",
                  label: t("roomManage.settings.setup"),
                  children: (
                    <RoomSetupTab
                      room={room}
                      ownJid={ownJid}
                      onDelegated={() => {
                        setTab("info");
                      }}
                    />
                  ),
                },
              ]
            : []),
          {
            key: "files",
            label: t("roomManage.settings.files"),
            children: <RoomFilesTab roomName={room.roomName} />,
          },
        ]}
      />
    </Modal>
  );
}
