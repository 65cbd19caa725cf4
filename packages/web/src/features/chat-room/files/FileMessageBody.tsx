/**
 * A FILE message in the list (spec §2.11, §3 File data, §4 "File download in a message"): type icon, file name,
 * size, an image's thumbnail, the 7-day expiry, and a download with progress (CH.H.038 when the file is gone,
 * CH.H.030 for other failures). A webhard link (spec §2.10) shows and downloads the same way, from its token.
 */
import { DownloadOutlined } from "@ant-design/icons";
import {
  chatFileDownloadPath,
  chatThumbnailPath,
  fileKindOf,
  formatFileSize,
  isChatFileExpired,
  MESSAGE_CODES,
  webhardLinkDownloadPath,
  type BridgeEvents,
} from "@moa/shared";
import { Button, Progress, Tag, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../../i18n";
import { useBridgeRequest } from "../../../lib/bridge";
import { useAccessToken } from "./access-token";
import {
  DownloadError,
  downloadChatFile,
  saveBlobAsDownload,
  type DownloadErrorCode,
} from "./download-file";
import { useRoomClock } from "../room-clock";
import { FileKindIcon } from "./FileKindIcon";
import { useThumbnail } from "./use-thumbnail";
import "./files.css";

type Message = BridgeEvents["message:added"]["message"];

type DownloadState =
  | { kind: "idle" }
  | { kind: "running"; percent: number }
  | { kind: "done" }
  | { kind: "failed"; code: DownloadErrorCode };

export function FileMessageBody({ message }: { message: Message }) {
  const { t } = useTranslation();
  const tokens = useAccessToken();
  const getMe = useBridgeRequest("me:get");
  const [state, setState] = useState<DownloadState>({ kind: "idle" });
  const box = useRef<HTMLDivElement>(null);
  const file = message.file;
  // Read when the message is shown: a file expiring while on screen is answered 404 (CH.H.038) by the server.
  const [shownAt] = useState(useRoomClock());
  const expired = isChatFileExpired(Number(message.key), shownAt);
  const kind = fileKindOf(file?.fileName ?? "");
  // Links are built here from the file number: a URL in the message is never fetched nor shown.
  const thumbnail = useThumbnail(
    kind === "img" && file?.thumbnail && file.fileno !== undefined
      ? chatThumbnailPath(message.roomName, file.fileno)
      : "",
    box,
    !expired,
    tokens,
  );
  if (!file) return <span>{message.text}</span>;
  const { fileno, webhardLink } = file;
  const downloadable = fileno !== undefined || webhardLink !== undefined;

  /** The file's path on this server: from the webhard link's token, or the room and file number. */
  const pathOf = async () => {
    if (webhardLink !== undefined) return webhardLinkDownloadPath(webhardLink);
    const me = await getMe({});
    return chatFileDownloadPath({
      loginId: me.loginId,
      roomName: message.roomName,
      fileno: fileno ?? 0,
    });
  };

  const download = async () => {
    if (!downloadable) return;
    setState({ kind: "running", percent: 0 });
    try {
      const path = await pathOf();
      const blob = await downloadChatFile(
        path,
        file.fileSize,
        tokens,
        (received, total) => {
          setState({
            kind: "running",
            percent: total > 0 ? Math.floor((received * 100) / total) : 0,
          });
        },
      );
      saveBlobAsDownload(blob, file.fileName);
      setState({ kind: "done" });
    } catch (err) {
      setState({
        kind: "failed",
        code:
          err instanceof DownloadError
            ? err.code
            : MESSAGE_CODES.downloadFailed,
      });
    }
  };

  return (
    <div
      ref={box}
      className="moa-file-message"
      role="group"
      aria-label={t("files.message.label", { name: file.fileName })}
    >
      {thumbnail ? (
        <img
          className="moa-file-message__thumb"
          src={thumbnail}
          alt={t("files.message.thumbnail", { name: file.fileName })}
        />
      ) : null}
      <div className="moa-file-message__row">
        <FileKindIcon kind={kind} />
        <div className="moa-file-message__info">
          <Typography.Text className="moa-file-message__name" ellipsis>
            {file.fileName}
          </Typography.Text>
          <Typography.Text type="secondary" className="moa-file-message__meta">
            {formatFileSize(file.fileSize)}
            {expired ? (
              <Tag className="moa-file-message__expired">
                {t("files.message.expired")}
              </Tag>
            ) : null}
          </Typography.Text>
        </div>
        <Button
          size="small"
          type="text"
          icon={<DownloadOutlined />}
          aria-label={t("files.download.button", { name: file.fileName })}
          disabled={expired || !downloadable || state.kind === "running"}
          onClick={() => {
            void download();
          }}
        />
      </div>
      {state.kind === "running" ? (
        <Progress
          percent={state.percent}
          size="small"
          aria-label={t("files.download.progress", { name: file.fileName })}
        />
      ) : null}
      {state.kind === "done" ? (
        <Typography.Text type="success" role="status">
          {t("files.download.done")}
        </Typography.Text>
      ) : null}
      {state.kind === "failed" ? (
        <Typography.Text type="danger" role="alert">
          {t(asCatalogKey(state.code))}
        </Typography.Text>
      ) : null}
    </div>
  );
}
