/** The room settings' file tab (spec §2.11, §3): the files sent in the room, by file number, with size and sender. */
import { formatFileSize, type BridgeResponses } from "@moa/shared";
import { Empty, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";

type RoomFile = BridgeResponses["room:list-files"]["files"][number];

type FilesState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; files: readonly RoomFile[] };

export function RoomFilesTab({ roomName }: { roomName: string }) {
  const { t } = useTranslation();
  const listFiles = useBridgeRequest("room:list-files");
  const [state, setState] = useState<FilesState>({ status: "loading" });

  useEffect(() => {
    const guard = { live: true };
    void (async () => {
      try {
        const { files } = await listFiles({ roomName });
        if (guard.live) setState({ status: "ready", files });
      } catch {
        if (guard.live) setState({ status: "failed" });
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [listFiles, roomName]);

  if (state.status === "loading")
    return <Spin aria-label={t("roomManage.loading")} />;
  if (state.status === "failed")
    return (
      <Typography.Text type="danger" role="alert">
        {t("roomManage.files.loadFailed")}
      </Typography.Text>
    );
  if (state.files.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t("roomManage.files.empty")}
      />
    );
  return (
    <ul className="moa-manage__files" aria-label={t("roomManage.files.list")}>
      {state.files.map((f) => (
        <li
          key={f.key}
          className="moa-manage__file"
          aria-label={t("roomManage.files.item", {
            name: f.fileName,
            size: formatFileSize(f.fileSize),
            sender: f.senderName,
          })}
        >
          <span className="moa-manage__file-name">{f.fileName}</span>
          <span className="moa-manage__sub">
            {formatFileSize(f.fileSize)} · {f.senderName}
          </span>
        </li>
      ))}
    </ul>
  );
}
