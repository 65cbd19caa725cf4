/** The upload progress dialog (spec §2.11, §4 "Upload dialog"): file n/total with a bar, per-file errors, cancel. */
import { CheckCircleFilled, LoadingOutlined } from "@ant-design/icons";
import { Button, Modal, Progress, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { asCatalogKey } from "../../../i18n";
import type { UploadQueue } from "./upload-queue";

export function UploadDialog({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation();
  const s = useStore(queue.store);
  const footer = s.running ? (
    <Button
      onClick={() => {
        queue.cancel();
      }}
    >
      {t("files.upload.cancel")}
    </Button>
  ) : (
    <Button
      type="primary"
      onClick={() => {
        queue.close();
      }}
    >
      {t("common.button.close")}
    </Button>
  );
  return (
    <Modal
      open={s.open}
      title={t("files.upload.title")}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={s.done ? null : footer}
      width={400}
      centered
      destroyOnHidden
    >
      {s.running || s.done ? (
        <div className="moa-upload">
          <div className="moa-upload__file">
            {s.done ? (
              <CheckCircleFilled className="moa-upload__ok" aria-hidden />
            ) : (
              <LoadingOutlined aria-hidden />
            )}
            <Typography.Text ellipsis className="moa-upload__name">
              {s.done ? t("files.upload.done") : s.fileName}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t("files.upload.count", {
                current: s.current,
                total: s.total,
              })}
            </Typography.Text>
          </div>
          <Progress
            percent={s.done ? 100 : s.percent}
            size="small"
            showInfo={false}
            aria-label={t("files.upload.progress", { name: s.fileName })}
          />
        </div>
      ) : null}
      {s.failures.length > 0 ? (
        <div className="moa-upload__failures">
          <Typography.Text type="danger">
            {t("files.upload.failedTitle", { count: s.failures.length })}
          </Typography.Text>
          <ul
            aria-label={t("files.upload.failedTitle", {
              count: s.failures.length,
            })}
          >
            {s.failures.map((f, i) => (
              <li key={`${String(i)}-${f.fileName}`}>
                <Typography.Text strong>{f.fileName}</Typography.Text>{" "}
                <Typography.Text type="secondary">
                  {t(asCatalogKey(f.code))}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
