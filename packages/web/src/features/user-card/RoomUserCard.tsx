/**
 * The user card in a room window: the main window looks the person up and runs the actions (it owns the session),
 * over the bridge; the room window shows the member's presence it already follows.
 */
import type { Presence } from "@moa/shared";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../lib/bridge";
import type { CardAction } from "./card-session";
import { UserCard } from "./UserCard";

type RoomUserCardProps = {
  jid: string;
  presence: Presence;
  onClose: () => void;
};

export function RoomUserCard({ jid, presence, onClose }: RoomUserCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const get = useBridgeRequest("user-card:get");
  const act = useBridgeRequest("user-card:act");
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ["user-card", jid],
    queryFn: () => get({ jid }),
  });
  const card = query.data;
  const failed = query.isError || card?.user === null;

  useEffect(() => {
    if (!failed) return;
    void message.error(t("userCard.failed"));
    onClose();
  }, [failed, message, onClose, t]);

  const onAction = async (action: CardAction) => {
    setBusy(true);
    try {
      const { done } = await act({ jid, action });
      if (!done) throw new Error(action);
      if (action === "chat" || action === "call") onClose();
      else await query.refetch();
    } catch {
      void message.error(t("userCard.failed"));
    } finally {
      setBusy(false);
    }
  };

  if (!card?.user) return null;
  return (
    <UserCard
      user={card.user}
      presence={presence}
      absence={card.absence}
      busy={busy}
      actions={card.actions}
      onAction={(action) => void onAction(action)}
      onClose={onClose}
    />
  );
}
