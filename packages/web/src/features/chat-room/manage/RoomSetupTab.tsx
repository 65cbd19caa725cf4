/**
 * The room settings' setup tab, shown only to the chief of a project room (spec §2.11, §6): the kick-out list (tick
 * members, then kick out; "count/total" reported) and the delegate-owner list (choose the new chief). Both buttons stay
 * disabled until a choice is made (spec §5).
 */
import { isNormalMember, type BridgeEvents } from "@moa/shared";
import { App, Button, Checkbox, Empty, Radio, Space, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";

type Room = BridgeEvents["room:initialized"];

type RoomSetupTabProps = {
  room: Room;
  ownJid: string;
  /** The chief handed the room over: the dialog returns to the info tab (spec §4). */
  onDelegated: () => void;
};

export function RoomSetupTab({ room, ownJid, onDelegated }: RoomSetupTabProps) {
  const { t } = useTranslation();
  const others = room.members.filter(
    (m) => m.jid !== ownJid && isNormalMember(m),
  );
  if (others.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t("roomManage.setup.nobody")}
      />
    );
  return (
    <Space orientation="vertical" size="large" className="moa-manage__setup">
      <KickOutList room={room} others={others} />
      <DelegateList
        room={room}
        ownJid={ownJid}
        others={others}
        onDone={onDelegated}
      />
    </Space>
  );
}

type Member = Room["members"][number];

function KickOutList({
  room,
  others,
}: {
  room: Room;
  others: readonly Member[];
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const kickOut = useBridgeRequest("room:kick-out");
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  // A member removed meanwhile (by this or another device) drops out of the choice.
  const present = chosen.filter((jid) => others.some((m) => m.jid === jid));

  const submit = async () => {
    setBusy(true);
    try {
      const { expelled } = await kickOut({
        roomName: room.roomName,
        jids: present,
      });
      if (expelled > 0) {
        void message.success(
          t("roomManage.kick.done", { count: expelled, total: present.length }),
        );
        setChosen([]);
      } else void message.error(t("roomManage.kick.failed"));
    } catch {
      void message.error(t("roomManage.kick.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title
        level={2}
        id={headingId}
        className="moa-manage__heading"
      >
        {t("roomManage.kick.title")}
      </Typography.Title>
      <Checkbox.Group
        aria-label={t("roomManage.kick.list")}
        className="moa-manage__choices"
        value={present}
        onChange={(values) => {
          setChosen(values);
        }}
        options={others.map((m) => ({ label: m.name, value: m.jid }))}
      />
      <Button
        danger
        disabled={present.length === 0}
        loading={busy}
        onClick={() => {
          // Removing people cannot be undone from here: the chief confirms whom first.
          const names = others
            .filter((m) => present.includes(m.jid))
            .map((m) => m.name)
            .join(", ");
          modal.confirm({
            title: t("roomManage.kick.confirmTitle"),
            content: t("roomManage.kick.confirm", { names }),
            okText: t("roomManage.kick.button"),
            okButtonProps: { danger: true },
            cancelText: t("common.button.cancel"),
            onOk: submit,
          });
        }}
      >
        {t("roomManage.kick.button")}
      </Button>
    </section>
  );
}

function DelegateList({
  room,
  ownJid,
  others,
  onDone,
}: {
  room: Room;
  ownJid: string;
  others: readonly Member[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const delegate = useBridgeRequest("room:delegate");
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const target = others.some((m) => m.jid === chosen) ? chosen : null;

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const { delegated } = await delegate({
        roomName: room.roomName,
        fromJid: ownJid,
        toJid: target,
      });
      if (delegated) {
        void message.success(t("roomManage.delegate.done"));
        onDone();
      } else void message.error(t("roomManage.delegate.failed"));
    } catch {
      void message.error(t("roomManage.delegate.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title
        level={2}
        id={headingId}
        className="moa-manage__heading"
      >
        {t("roomManage.delegate.title")}
      </Typography.Title>
      <Radio.Group
        aria-label={t("roomManage.delegate.list")}
        className="moa-manage__choices"
        value={target}
        onChange={(e) => {
          setChosen(e.target.value as string);
        }}
        options={others.map((m) => ({ label: m.name, value: m.jid }))}
      />
      <Button
        type="primary"
        disabled={target === null}
        loading={busy}
        onClick={() => void submit()}
      >
        {t("roomManage.delegate.button")}
      </Button>
    </section>
  );
}
