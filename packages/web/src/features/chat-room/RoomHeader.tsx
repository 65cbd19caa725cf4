/**
 * The room window's header (spec §2.11): room image (initials), title, member-count badge (99+ above 99), alarm
 * on/off toggle, search toggle and the room menu (none in news rooms).
 */
import { BellOutlined, MutedOutlined, SearchOutlined } from "@ant-design/icons";
import { formatBadge, isNormalMember, ROOM_TYPES } from "@moa/shared";
import { Avatar, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { RoomMenu } from "./manage";
import type { RoomSnapshot } from "./use-room";

type RoomHeaderProps = {
  room: RoomSnapshot;
  searchOpen: boolean;
  onToggleSearch: () => void;
  onToggleAlarm: () => void;
};

/** The first character of a title, for the room image. */
function initialOf(title: string): string {
  return Array.from(title.trim())[0] ?? "#";
}

export function RoomHeader({
  room,
  searchOpen,
  onToggleSearch,
  onToggleAlarm,
}: RoomHeaderProps) {
  const { t } = useTranslation();
  const memberCount = room.members.filter(isNormalMember).length;
  const alarmLabel = t("chatRoom.header.alarm");
  const searchLabel = t("chatRoom.header.search");
  return (
    <header className="moa-room__header">
      <Avatar shape="square" size={36} className="moa-room__image" aria-hidden>
        {initialOf(room.title)}
      </Avatar>
      <h1 className="moa-room__title" title={room.title}>
        {room.title}
      </h1>
      <span
        className="moa-room__count"
        aria-label={t("chatRoom.header.memberCount", { n: memberCount })}
      >
        {formatBadge(memberCount)}
      </span>
      <span className="moa-room__tools">
        <Tooltip title={alarmLabel}>
          <Button
            type="text"
            aria-label={alarmLabel}
            aria-pressed={room.alarmOn}
            icon={room.alarmOn ? <BellOutlined /> : <MutedOutlined />}
            onClick={onToggleAlarm}
          />
        </Tooltip>
        <Tooltip title={searchLabel}>
          <Button
            type="text"
            aria-label={searchLabel}
            aria-pressed={searchOpen}
            icon={<SearchOutlined />}
            onClick={onToggleSearch}
          />
        </Tooltip>
        {room.roomType === ROOM_TYPES.news ? null : <RoomMenu room={room} />}
      </span>
    </header>
  );
}
