/** Accepts files dropped on the room window's message area and hands them to the uploads (spec §2.11). */
import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRoomUploads } from "./RoomUploads";

// Only drags that carry files are taken (a text selection dragged inside the window is not an upload).
const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes("Files");

export function FileDropArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pick } = useRoomUploads();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the highlight does not flicker.
  const depth = useRef(0);
  return (
    <div
      role="region"
      aria-label={t("files.drop.label")}
      className={over ? "moa-file-drop moa-file-drop--over" : "moa-file-drop"}
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(e) => {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        pick([...e.dataTransfer.files]);
      }}
    >
      {children}
      {over ? (
        <div className="moa-file-drop__hint" aria-hidden>
          {t("files.drop.hint")}
        </div>
      ) : null}
    </div>
  );
}
