/**
 * The handle on the editor's top edge: drag it up to make the editor taller, or focus it and use the arrow keys
 * (the composer sits at the bottom of the window, so the top edge is the one that moves).
 */
import type { KeyboardEvent, PointerEvent } from "react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/** Editor height limits in px; the spec gives only the initial 65, these keep the editor and the messages usable. */
export const EDITOR_MIN_HEIGHT = 40;
export const EDITOR_MAX_HEIGHT = 400;
const KEY_STEP = 10;

const clampHeight = (height: number) =>
  Math.round(Math.min(EDITOR_MAX_HEIGHT, Math.max(EDITOR_MIN_HEIGHT, height)));

export type EditorResizerProps = {
  height: number;
  onResize: (height: number) => void;
};

export function EditorResizer({ height, onResize }: EditorResizerProps) {
  const { t } = useTranslation();
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);

  const handleKeyDown = (event: KeyboardEvent) => {
    const delta =
      event.key === "ArrowUp"
        ? KEY_STEP
        : event.key === "ArrowDown"
          ? -KEY_STEP
          : 0;
    if (delta === 0) return;
    event.preventDefault();
    onResize(clampHeight(height + delta));
  };
  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const handlePointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    onResize(
      clampHeight(
        drag.current.startHeight + drag.current.startY - event.clientY,
      ),
    );
  };
  const handlePointerUp = () => {
    drag.current = null;
  };

  return (
    // A focusable separator is a widget (WAI-ARIA window splitter), which jsx-a11y takes for the static kind.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      className="moa-composer__resizer"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t("chatRoom.composer.resize")}
      aria-valuenow={height}
      aria-valuemin={EDITOR_MIN_HEIGHT}
      aria-valuemax={EDITOR_MAX_HEIGHT}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      onKeyDown={handleKeyDown}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
    />
  );
}
