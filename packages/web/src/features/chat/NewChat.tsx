/**
 * Starting a chat from the chatting tab (spec §2.4, §5): the org picker, then by who was picked — only oneself: the
 * self room; one person: a 1:1 confirmation, then their existing 1:1 room or a new one; several: the room-type dialog,
 * then a new group or project room. The room's window opens at the end.
 */
import { App } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  createOrgCacheSource,
  OrgPicker,
  RoomTypeDialog,
  type PickerUser,
  type RoomTypeChoice,
} from "../org-picker";
import { useChatSync } from "./ChatContext";
import { useRoomCommands } from "./use-room-commands";

type NewChatProps = {
  /** The org picker is shown. */
  open: boolean;
  /** The flow ended (a room opened, or the user cancelled). */
  onClose: () => void;
  /** Opens a room's window. */
  onOpenRoom: (roomName: string) => void;
};

export function NewChat({ open, onClose, onOpenRoom }: NewChatProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const sync = useChatSync();
  const commands = useRoomCommands();
  const source = useMemo(() => createOrgCacheSource(), []);
  const [partners, setPartners] = useState<readonly PickerUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  const ownJid = sync.ownJid();

  const run = async (start: () => Promise<string>) => {
    setBusy(true);
    try {
      onOpenRoom(await start());
      setPartners(null);
      onClose();
    } catch {
      void message.error(t("chat.newChat.failed"));
    } finally {
      setBusy(false);
    }
  };

  const handlePicked = (users: readonly PickerUser[]) => {
    const others = users.filter((u) => u.jid !== ownJid);
    const [only] = others;
    if (others.length === 0) {
      void run(() => commands.openSelfRoom());
      return;
    }
    if (others.length > 1 || !only) {
      setPartners(others);
      return;
    }
    void modal.confirm({
      title: t("chat.newChat.dualTitle"),
      content: t("chat.newChat.dualConfirm", { name: only.name }),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: () => run(() => commands.openDualRoom(only)),
    });
  };

  const handleType = ({ type, title }: RoomTypeChoice) => {
    if (!partners) return;
    void run(() => commands.createRoom(type, title, partners));
  };

  return (
    <>
      <OrgPicker
        open={open && partners === null}
        title={t("chat.newChat.title")}
        source={source}
        selfJid={ownJid}
        modeless
        onConfirm={handlePicked}
        onCancel={onClose}
      />
      <RoomTypeDialog
        open={open && partners !== null}
        busy={busy}
        onConfirm={handleType}
        onCancel={() => {
          setPartners(null);
          onClose();
        }}
      />
    </>
  );
}
