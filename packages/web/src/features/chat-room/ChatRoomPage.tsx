/**
 * The chat room window `/chatRoom?rparam=<room name>` (spec §2.11). For now it asks the main window for the room
 * (enter-room), then shows its name and the messages the main window forwards; the full room window comes next.
 */
import type { BridgeEvents } from "@moa/shared";
import { Alert, Empty, List, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeEvent, useBridgeRequest } from "../../lib/bridge";
import { useQueryParam } from "../../lib/router";
import { PageLayout } from "../../ui";

type Message = BridgeEvents["message:added"]["message"];

/** Adds messages by key, oldest first, each once. */
function merge(current: readonly Message[], added: readonly Message[]) {
  const byKey = new Map(current.map((m) => [m.key, m]));
  for (const m of added) byKey.set(m.key, m);
  return [...byKey.values()].sort((a, b) => Number(a.key) - Number(b.key));
}

export function ChatRoomPage() {
  const { t } = useTranslation();
  const roomName = useQueryParam("rparam");
  const enter = useBridgeRequest("room:enter");
  const [title, setTitle] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [messages, setMessages] = useState<readonly Message[]>([]);

  useEffect(() => {
    if (!roomName) return;
    const guard = { live: true };
    void (async () => {
      try {
        const room = await enter({ roomName });
        if (guard.live) setTitle(room.title);
      } catch {
        if (guard.live) setFailed(true);
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [enter, roomName]);
  useBridgeEvent("room:entered", (payload) => {
    if (payload.roomName === roomName)
      setMessages((m) => merge(m, payload.messages));
  });
  useBridgeEvent("message:added", (payload) => {
    if (payload.roomName === roomName)
      setMessages((m) => merge(m, [payload.message]));
  });

  return (
    <PageLayout>
      <Typography.Title level={1}>
        {title ?? t("chatRoom.page.title")}
      </Typography.Title>
      {roomName ? null : (
        <Alert type="warning" showIcon title={t("chatRoom.page.noRoom")} />
      )}
      {failed ? (
        <Typography.Text type="secondary">
          {t("chatRoom.page.unavailable")}
        </Typography.Text>
      ) : null}
      {title !== null && messages.length === 0 ? (
        <Empty
          description={t("chatRoom.page.noMessages")}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      ) : null}
      {messages.length > 0 ? (
        <List
          aria-label={t("chatRoom.page.messages")}
          dataSource={messages}
          renderItem={(m) => (
            <List.Item key={m.key}>
              <Typography.Text strong>{m.senderName}</Typography.Text>{" "}
              {m.isDel ? t("chat.last.deleted") : m.text}
            </List.Item>
          )}
        />
      ) : null}
    </PageLayout>
  );
}
