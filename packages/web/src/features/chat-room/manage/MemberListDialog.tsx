/**
 * The room window's member list (spec §2.11): each member with presence badge, absence status and the chief/admin
 * badge of a project room; buttons invite (not in a self room), mail, note and call (mail and call hidden for free
 * users, spec §6). Mail, note and call go to the ticked members, or to everyone else when nobody is ticked.
 */
import {
  CALL_MAX_PARTICIPANTS,
  isNormalMember,
  ROOM_TYPES,
  type BridgeEvents,
} from "@moa/shared";
import { App, Avatar, Badge, Button, Checkbox, Modal, Space, Tag } from "antd";
import { useState } from "react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import { RoomUserCard } from "../../user-card";
import { useRoomDetails } from "./use-room-manage";

type Room = BridgeEvents["room:initialized"];
type Presence = Room["members"][number]["presence"];

type MemberListDialogProps = {
  open: boolean;
  room: Room;
  ownJid: string;
  freeUser: boolean;
  /** The invite button is shown (not in a self room). */
  canInvite: boolean;
  onInvite: () => void;
  onClose: () => void;
};

// The presence dot is decoration: the same state is written out next to the name.
const PRESENCE_COLOR: Record<Presence, string> = {
  pc: "green",
  webchat: "green",
  mobile: "green",
  away: "orange",
  dnd: "red",
  off: "#bfbfbf",
};

const ABSENCE_LABELS: Record<string, ParseKeys> = {
  vacation: "roomManage.absence.vacation",
  businessTrip: "roomManage.absence.businessTrip",
  education: "roomManage.absence.education",
  halfDay: "roomManage.absence.halfDay",
};

export function MemberListDialog({
  open,
  room,
  ownJid,
  freeUser,
  canInvite,
  onInvite,
  onClose,
}: MemberListDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const openGroupware = useBridgeRequest("groupware:open");
  const setCallInfo = useBridgeRequest("call:set-info");
  const details = useRoomDetails(room, open);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [cardJid, setCardJid] = useState<string | null>(null);
  const cardMember = room.members.find((m) => m.jid === cardJid);
  // The groupware's absence codes; a code it adds later shows as sent rather than not at all.
  const absenceLabel = (code: string) => {
    const key = ABSENCE_LABELS[code];
    return key ? t(key) : code;
  };

  const byJid = new Map(
    details.status === "ready"
      ? details.details.members.map((m) => [m.jid, m])
      : [],
  );
  const members = room.members
    .filter(isNormalMember)
    // The details add org fields; affiliation and presence stay live from the room.
    .map((m) => ({
      ...m,
      ...byJid.get(m.jid),
      affiliation: m.affiliation,
      presence: m.presence,
    }));
  const others = members.filter((m) => m.jid !== ownJid);
  const targets = () => {
    const chosen = others.filter((m) => ticked.has(m.jid));
    return chosen.length > 0 ? chosen : others;
  };
  const project = room.roomType === ROOM_TYPES.project;

  const writeTo = async (target: "mailWrite" | "noteWrite") => {
    const to = targets().map((m) => m.jid);
    try {
      const { opened } = await openGroupware({
        target,
        params: { to: to.join(",") },
      });
      if (!opened) void message.warning(t("roomManage.members.openFailed"));
    } catch {
      void message.warning(t("roomManage.members.openFailed"));
    }
  };
  // The main window's phone dialog opens with them; it looks their numbers up in the org tree.
  const call = async () => {
    const chosen = targets();
    const callees = chosen
      .slice(0, CALL_MAX_PARTICIPANTS)
      .map((m) => ({ jid: m.jid, name: m.name, phoneNum: "" }));
    // Spec §5: extra users beyond 6 are dropped with a toast.
    if (chosen.length > callees.length)
      void message.warning(
        t("phone.group.dropped", { count: chosen.length - callees.length }),
      );
    try {
      const { accepted } = await setCallInfo({ members: callees });
      if (!accepted) void message.warning(t("roomManage.members.callFailed"));
    } catch {
      void message.warning(t("roomManage.members.callFailed"));
    }
  };

  return (
    <Modal
      open={open}
      title={t("roomManage.members.title", { count: members.length })}
      onCancel={onClose}
      footer={
        <Space wrap>
          {canInvite ? (
            <Button type="primary" onClick={onInvite}>
              {t("roomManage.members.invite")}
            </Button>
          ) : null}
          {freeUser ? null : (
            <Button
              disabled={others.length === 0}
              onClick={() => void writeTo("mailWrite")}
            >
              {t("roomManage.members.mail")}
            </Button>
          )}
          <Button
            disabled={others.length === 0}
            onClick={() => void writeTo("noteWrite")}
          >
            {t("roomManage.members.note")}
          </Button>
          {freeUser ? null : (
            <Button disabled={others.length === 0} onClick={() => void call()}>
              {t("roomManage.members.call")}
            </Button>
          )}
        </Space>
      }
    >
      <ul
        className="moa-manage__members"
        aria-label={t("roomManage.members.list")}
      >
        {members.map((m) => {
          const { presence } = m;
          const mine = m.jid === ownJid;
          return (
            <li key={m.jid} className="moa-manage__member">
              {mine ? (
                <span className="moa-manage__tick" />
              ) : (
                <Checkbox
                  className="moa-manage__tick"
                  aria-label={t("roomManage.members.select", { name: m.name })}
                  checked={ticked.has(m.jid)}
                  onChange={(e) => {
                    const next = new Set(ticked);
                    if (e.target.checked) next.add(m.jid);
                    else next.delete(m.jid);
                    setTicked(next);
                  }}
                />
              )}
              <Badge dot color={PRESENCE_COLOR[presence]} offset={[-4, 28]}>
                <Avatar size={32} src={m.imageUrl || undefined} aria-hidden>
                  {Array.from(m.name)[0] ?? "?"}
                </Avatar>
              </Badge>
              <span className="moa-manage__who">
                <button
                  type="button"
                  className="moa-manage__name moa-manage__card"
                  aria-haspopup="dialog"
                  onClick={() => {
                    setCardJid(m.jid);
                  }}
                >
                  {m.name}
                  {m.position ? ` ${m.position}` : ""}
                  {mine ? ` (${t("roomManage.members.me")})` : ""}
                </button>
                <span className="moa-manage__sub">
                  {[t(`roomManage.presence.${presence}`), m.deptName]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
              {m.absenceStatus ? (
                <Tag color="orange">{absenceLabel(m.absenceStatus)}</Tag>
              ) : null}
              {project && m.affiliation === "owner" ? (
                <Tag color="gold">{t("roomManage.members.chief")}</Tag>
              ) : null}
              {project && m.affiliation === "admin" ? (
                <Tag>{t("roomManage.members.admin")}</Tag>
              ) : null}
            </li>
          );
        })}
      </ul>
      {others.length === 0 ? <p>{t("roomManage.members.nobodyElse")}</p> : null}
      {cardMember ? (
        <RoomUserCard
          jid={cardMember.jid}
          presence={cardMember.presence}
          onClose={() => {
            setCardJid(null);
          }}
        />
      ) : null}
    </Modal>
  );
}
