/**
 * The webhard once logged in (spec §2.10, §5, §8): the folder tree, the file table of the chosen folder, the
 * selection counter "x / 20", and send-as-link and cancel. Sending with nothing selected says WH.A.017; cancel while
 * sending asks WH.A.018 and stops before the next link; cancel otherwise closes the window. A folder that fails to
 * load says WH.A.020 + WH.A.022 and the window goes back to its login form (unavailable, spec §4).
 */
import {
  MESSAGE_CODES,
  WEBHARD_ROOT_FOLDER_ID,
  WEBHARD_SEND_MAX_FILES,
  type WebhardFileData,
} from "@moa/shared";
import { App, Button, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n";
import { useLinkSender } from "./use-link-sender";
import { useWebhardFolders, type FolderListing } from "./use-webhard-folders";
import { WebhardFileTable } from "./WebhardFileTable";
import { WebhardFolderTree } from "./WebhardFolderTree";
import {
  toggleAll,
  toggleFile,
  type SelectionChange,
} from "./webhard-selection";

type Props = {
  /** The room the links go to. */
  roomName: string;
  /** The webhard failed: back to the login form. */
  onUnavailable: () => void;
  /** Closes the window. */
  onClose: () => void;
};

export function WebhardBrowser({ roomName, onUnavailable, onClose }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const folders = useWebhardFolders();
  const sender = useLinkSender(roomName);
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<number[]>([WEBHARD_ROOT_FOLDER_ID]);
  const [selected, setSelected] = useState<readonly WebhardFileData[]>([]);
  const { list, parentOf } = folders;
  const sending = sender.progress !== null;

  const alert = useCallback(
    (...codes: string[]) => {
      void modal.warning({
        content: codes.map((c) => t(asCatalogKey(c))).join(" "),
        okText: t("common.button.confirm"),
      });
    },
    [modal, t],
  );

  const failed = useCallback(() => {
    alert(MESSAGE_CODES.webhardLoadFailed, MESSAGE_CODES.webhardTryLater);
    onUnavailable();
  }, [alert, onUnavailable]);

  /** Shows a folder's listing once it arrived (or the failure). */
  const show = useCallback(
    (next: FolderListing | null) => {
      setLoading(false);
      if (!next) {
        failed();
        return;
      }
      setListing(next);
      setExpanded((keys) =>
        keys.includes(next.folderId) ? keys : [...keys, next.folderId],
      );
      if (next.folders.length === 0 && next.files.length === 0)
        void message.info(t(asCatalogKey(MESSAGE_CODES.webhardEmptyFolder)));
    },
    [failed, message, t],
  );

  const open = async (folderId: number) => {
    setLoading(true);
    show(await list(folderId));
  };

  useEffect(() => {
    const loadRoot = async () => {
      show(await list(WEBHARD_ROOT_FOLDER_ID));
    };
    void loadRoot();
  }, [list, show]);

  const apply = (change: SelectionChange) => {
    setSelected(change.files);
    if (change.cut) alert(MESSAGE_CODES.webhardSelectionCut);
  };

  const send = async () => {
    const outcome = await sender.send(selected);
    switch (outcome.kind) {
      case "nothingSelected":
        alert(MESSAGE_CODES.webhardNothingSelected);
        return;
      case "done":
        setSelected([]);
        void message.success(t("webhard.send.done", { count: outcome.sent }));
        return;
      case "cancelled":
        void message.info(t("webhard.send.cancelled", { count: outcome.sent }));
        return;
      case "failed":
        if (outcome.code === "load")
          alert(MESSAGE_CODES.webhardLoadFailed, MESSAGE_CODES.webhardTryLater);
        else void message.error(t("webhard.send.failed"));
    }
  };

  const cancel = () => {
    if (!sending) {
      onClose();
      return;
    }
    void modal.confirm({
      content: t(asCatalogKey(MESSAGE_CODES.webhardCancelSendConfirm)),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: sender.cancel,
    });
  };

  const current = listing?.folderId ?? WEBHARD_ROOT_FOLDER_ID;
  return (
    <div className="moa-webhard">
      <div className="moa-webhard__body">
        <WebhardFolderTree
          folders={folders.children}
          current={current}
          expanded={expanded}
          onExpand={setExpanded}
          onLoad={async (folderId) => {
            if (!(await list(folderId))) failed();
          }}
          onOpen={(folderId) => void open(folderId)}
        />
        <WebhardFileTable
          listing={listing}
          loading={loading}
          parentId={
            current === WEBHARD_ROOT_FOLDER_ID ? null : parentOf(current)
          }
          selected={selected}
          onOpenFolder={(folderId) => void open(folderId)}
          onToggleFile={(file, on) => {
            apply(toggleFile(selected, file, on));
          }}
          onToggleAll={(on) => {
            apply(toggleAll(selected, listing?.files ?? [], on));
          }}
        />
      </div>
      <footer className="moa-webhard__footer">
        <Typography.Text
          role="status"
          aria-label={t("webhard.selection.label", {
            count: selected.length,
            max: WEBHARD_SEND_MAX_FILES,
          })}
          className="moa-webhard__count"
        >
          {t("webhard.selection.count", {
            count: selected.length,
            max: WEBHARD_SEND_MAX_FILES,
          })}
        </Typography.Text>
        {sender.progress ? (
          <Typography.Text type="secondary">
            {t("webhard.send.progress", sender.progress)}
          </Typography.Text>
        ) : null}
        <Button type="primary" loading={sending} onClick={() => void send()}>
          {t("webhard.send.button")}
        </Button>
        <Button onClick={cancel}>{t("common.button.cancel")}</Button>
      </footer>
    </div>
  );
}
