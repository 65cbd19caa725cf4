/**
 * Uploads of one room window (spec §2.11 files): the provider owns the upload queue and renders its dialogs;
 * `useRoomUploads()` is what the composer, drop area and paste handler call. Each file is uploaded with the
 * session's token (asked of the main window), then announced in the room by the main window (`file:send`).
 */
import {
  MESSAGE_CODES,
  pastedImageFileName,
  validateUploadCount,
  validateUploadFile,
} from "@moa/shared";
import { Modal, Typography } from "antd";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../../i18n";
import { useBridgeRequest } from "../../../lib/bridge";
import { useAccessToken, withAccessToken } from "./access-token";
import { PastedImageDialog } from "./PastedImageDialog";
import { toPngBlob } from "./to-png";
import { UploadDialog } from "./UploadDialog";
import { UploadError, uploadChatFile } from "./upload-file";
import { UploadQueue, type SendFile } from "./upload-queue";
import "./files.css";

export type RoomUploads = {
  /** Uploads picked or dropped files (checks the limits first). */
  pick: (files: File[]) => void;
  /** Shows the pasted-image confirmation, then sends it as PNG. */
  pasteImage: (image: Blob) => void;
};

const UploadsContext = createContext<RoomUploads | null>(null);

type AlertKey =
  | typeof MESSAGE_CODES.uploadTooManyFiles
  | typeof MESSAGE_CODES.uploadFileTooLarge
  | "files.paste.failed";

export function RoomUploadsProvider({
  roomName,
  children,
}: {
  roomName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const tokens = useAccessToken();
  const getMe = useBridgeRequest("me:get");
  const sendFiles = useBridgeRequest("file:send");
  // The bridge requests are stable per window, so the queue lives as long as the room window.
  const queue = useMemo(() => {
    let loginId: string | undefined;
    const send: SendFile = async (file, onProgress, signal) => {
      loginId ??= (await getMe({})).loginId;
      const id = loginId;
      const stored = await withAccessToken(tokens, (token) =>
        uploadChatFile({
          file,
          roomName,
          loginId: id,
          token,
          signal,
          onProgress: (loaded, total) => {
            onProgress(total > 0 ? Math.floor((loaded * 100) / total) : 0);
          },
        }),
      );
      try {
        await sendFiles({ roomName, files: [stored] });
      } catch {
        throw new UploadError("files.upload.sendFailed");
      }
    };
    return new UploadQueue(send);
  }, [roomName, tokens, getMe, sendFiles]);
  useEffect(
    () => () => {
      queue.dispose();
    },
    [queue],
  );
  const [alert, setAlert] = useState<AlertKey | null>(null);
  // The preview's object URL is made with the paste and revoked when the dialog closes or the window goes.
  const [pasted, setPasted] = useState<{ image: Blob; url: string } | null>(
    null,
  );
  const pastedUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (pastedUrl.current) URL.revokeObjectURL(pastedUrl.current);
    },
    [],
  );
  const showPasted = useCallback(
    (next: { image: Blob; url: string } | null) => {
      if (pastedUrl.current) URL.revokeObjectURL(pastedUrl.current);
      pastedUrl.current = next?.url ?? null;
      setPasted(next);
    },
    [],
  );

  const uploads = useMemo<RoomUploads>(() => {
    const pick = (files: File[]) => {
      if (files.length === 0) return;
      const counted = validateUploadCount(files);
      if (!counted.ok) {
        setAlert(MESSAGE_CODES.uploadTooManyFiles);
        return;
      }
      const tooLarge = files.filter((f) => !validateUploadFile(f).ok);
      const accepted = files.filter((f) => !tooLarge.includes(f));
      if (accepted.length === 0) {
        setAlert(MESSAGE_CODES.uploadFileTooLarge);
        return;
      }
      queue.add(
        accepted,
        tooLarge.map((f) => ({
          fileName: f.name,
          code: MESSAGE_CODES.uploadFileTooLarge,
        })),
      );
    };
    const pasteImage = (image: Blob) => {
      showPasted({ image, url: URL.createObjectURL(image) });
    };
    return { pick, pasteImage };
  }, [queue, showPasted]);

  const sendPasted = async (image: Blob) => {
    try {
      const png = await toPngBlob(image);
      const now = Date.now();
      const name = pastedImageFileName(now, -new Date(now).getTimezoneOffset());
      uploads.pick([new File([png], name, { type: "image/png" })]);
    } catch {
      setAlert("files.paste.failed");
    }
  };

  return (
    <UploadsContext value={uploads}>
      {children}
      <UploadDialog queue={queue} />
      <PastedImageDialog
        preview={pasted?.url ?? null}
        onSend={() => {
          if (pasted) void sendPasted(pasted.image);
          showPasted(null);
        }}
        onCancel={() => {
          showPasted(null);
        }}
      />
      <Modal
        open={alert !== null}
        title={t("common.alert.title")}
        onOk={() => {
          setAlert(null);
        }}
        onCancel={() => {
          setAlert(null);
        }}
        cancelButtonProps={{ style: { display: "none" } }}
        okText={t("common.button.confirm")}
        width={380}
        zIndex={1100}
        centered
        destroyOnHidden
      >
        <Typography.Paragraph role="alert" style={{ marginBottom: 0 }}>
          {alert ? t(asCatalogKey(alert)) : null}
        </Typography.Paragraph>
      </Modal>
    </UploadsContext>
  );
}

export function useRoomUploads(): RoomUploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("useRoomUploads outside RoomUploadsProvider");
  return uploads;
}
