/**
 * The user info card (spec §2.3, §2.11): photo, name with position, title, department path, email, business phone
 * and extension, mobile, job description, nickname, live presence and absence status; actions 1:1 chat, add or
 * remove friend, mail, note and call (which of them: `cardActions`).
 */
import {
  CommentOutlined,
  MailOutlined,
  PhoneOutlined,
  SnippetsOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from "@ant-design/icons";
import type { Presence } from "@moa/shared";
import { Button, Descriptions, Modal, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PresenceIcon } from "../presence";
import type { CardAction } from "./card-session";
import type { CardUser } from "./card-user";
import { UserAvatar } from "./UserAvatar";
import "./user-card.css";

const ACTION_ICONS: Record<CardAction, ReactNode> = {
  chat: <CommentOutlined />,
  addFriend: <UserAddOutlined />,
  removeFriend: <UserDeleteOutlined />,
  mail: <MailOutlined />,
  note: <SnippetsOutlined />,
  call: <PhoneOutlined />,
};

type UserCardProps = {
  user: CardUser;
  presence: Presence;
  /** The groupware's absence code, when the user is absent. */
  absence?: string | undefined;
  busy: boolean;
  /** The actions offered, in order (see `cardActions`). */
  actions: readonly CardAction[];
  onAction: (action: CardAction) => void;
  onClose: () => void;
};

const ABSENCE_KEYS: Record<string, string> = {
  vacation: "roomManage.absence.vacation",
  businessTrip: "roomManage.absence.businessTrip",
  education: "roomManage.absence.education",
  halfDay: "roomManage.absence.halfDay",
};

export function UserCard({
  user,
  presence,
  absence,
  busy,
  actions,
  onAction,
  onClose,
}: UserCardProps) {
  const { t } = useTranslation();
  const phone = [
    user.phone,
    user.extension && t("userCard.extension", { number: user.extension }),
  ]
    .filter(Boolean)
    .join(" ");
  const fields: [string, ReactNode][] = [
    [t("userCard.field.title"), user.title],
    [t("userCard.field.department"), user.deptPath.join(" > ")],
    [t("userCard.field.email"), user.email],
    [t("userCard.field.phone"), phone],
    [t("userCard.field.mobile"), user.mobile],
    [t("userCard.field.job"), user.jobDescription],
  ];
  // The groupware's absence codes; a code it adds later shows as sent rather than not at all.
  const absenceKey = absence ? ABSENCE_KEYS[absence] : undefined;
  const absenceLabel = absenceKey
    ? t(absenceKey as "roomManage.absence.vacation")
    : absence;

  return (
    <Modal
      open
      title={t("userCard.title")}
      onCancel={onClose}
      footer={null}
      width={380}
      destroyOnHidden
    >
      <div className="moa-user-card">
        <div className="moa-user-card__head">
          <UserAvatar name={user.name} photoUrl={user.photoUrl} size={64} />
          <div className="moa-user-card__who">
            <Typography.Title level={2} className="moa-user-card__name">
              {user.name}
              {user.position ? (
                <Typography.Text type="secondary">
                  {" "}
                  {user.position}
                </Typography.Text>
              ) : null}
            </Typography.Title>
            <Space size={6} wrap>
              <PresenceIcon presence={presence} />
              <Typography.Text>
                {t(`roomManage.presence.${presence}`)}
              </Typography.Text>
              {absenceLabel ? <Tag color="orange">{absenceLabel}</Tag> : null}
            </Space>
            {user.nickname ? (
              <Typography.Text
                type="secondary"
                className="moa-user-card__nickname"
                aria-label={t("userCard.field.nickname")}
              >
                {user.nickname}
              </Typography.Text>
            ) : null}
          </div>
        </div>
        <Descriptions
          column={1}
          size="small"
          items={fields
            .filter(([, value]) => value !== "")
            .map(([label, value]) => ({ key: label, label, children: value }))}
        />
        <Space wrap className="moa-user-card__actions">
          {actions.map((action) => (
            <Button
              key={action}
              icon={ACTION_ICONS[action]}
              disabled={busy}
              onClick={() => {
                onAction(action);
              }}
            >
              {t(`userCard.action.${action}`)}
            </Button>
          ))}
        </Space>
      </div>
    </Modal>
  );
}
