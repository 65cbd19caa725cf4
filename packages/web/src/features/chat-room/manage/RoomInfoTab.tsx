/**
 * The room settings' info tab (spec §2.11, §9): title, type, creation date and member count, and the user's own
 * name for the room (myRoomName, at most 20 characters with an "x/20" counter; empty shows the default name).
 */
import {
  countCharacters,
  formatLocalTime,
  ROOM_TITLE_MAX_LENGTH,
  truncateCharacters,
  type BridgeEvents,
} from "@moa/shared";
import { App, Button, Descriptions, Input, Space } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import type { DetailsState } from "./use-room-manage";

type Room = BridgeEvents["room:initialized"];

const TYPE_LABELS = {
  0: "roomManage.type.0",
  1: "roomManage.type.1",
  2: "roomManage.type.2",
  3: "roomManage.type.3",
  4: "roomManage.type.4",
  9: "roomManage.type.9",
} as const satisfies Record<Room["roomType"], string>;

type RoomInfoTabProps = {
  room: Room;
  details: DetailsState;
  memberCount: number;
};

export function RoomInfoTab({ room, details, memberCount }: RoomInfoTabProps) {
  const { t } = useTranslation();
  const ready = details.status === "ready" ? details.details : null;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: "title",
            label: t("roomManage.info.roomTitle"),
            children: ready?.title || room.title,
          },
          {
            key: "type",
            label: t("roomManage.info.type"),
            children: t(TYPE_LABELS[room.roomType]),
          },
          {
            key: "created",
            label: t("roomManage.info.created"),
            children:
              ready?.createdAt == null
                ? t("roomManage.info.unknown")
                : formatLocalTime(
                    ready.createdAt,
                    -new Date(ready.createdAt).getTimezoneOffset(),
                    "yyyy-MM-dd HH:mm",
                  ),
          },
          {
            key: "members",
            label: t("roomManage.info.memberCount"),
            children: t("roomManage.info.memberCountValue", {
              count: memberCount,
            }),
          },
        ]}
      />
      {ready ? (
        <MyRoomNameForm roomName={room.roomName} initial={ready.myRoomName} />
      ) : null}
    </>
  );
}

function MyRoomNameForm({
  roomName,
  initial,
}: {
  roomName: string;
  initial: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rename = useBridgeRequest("room:rename");
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const save = async () => {
    setBusy(true);
    try {
      const { saved } = await rename({ roomName, title: name.trim() });
      if (saved) void message.success(t("roomManage.info.saved"));
      else void message.error(t("roomManage.info.saveFailed"));
    } catch {
      void message.error(t("roomManage.info.saveFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="moa-manage__rename"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id}>{t("roomManage.info.myName")}</label>
      <Space.Compact block>
        <Input
          id={id}
          value={name}
          placeholder={t("roomManage.info.myNamePlaceholder")}
          showCount={{
            formatter: () =>
              `${String(countCharacters(name))}/${String(ROOM_TITLE_MAX_LENGTH)}`,
          }}
          onChange={(e) => {
            const value = e.target.value;
            setName(
              countCharacters(value) > ROOM_TITLE_MAX_LENGTH
                ? truncateCharacters(value, ROOM_TITLE_MAX_LENGTH, "")
                : value,
            );
          }}
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("roomManage.info.save")}
        </Button>
      </Space.Compact>
    </form>
  );
}
