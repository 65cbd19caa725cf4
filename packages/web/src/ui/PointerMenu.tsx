/**
 * One context menu for a whole list, opened where the pointer (or the focused row) is. Long virtualised lists use it
 * instead of a menu per row: a dropdown per row costs a trigger, refs and listeners on every row that scrolls in.
 * When it closes, the element that opened it gets the keyboard focus back, so a keyboard user stays in the list.
 */
import { Dropdown } from "antd";
import { useRef, type CSSProperties } from "react";
import "./pointer-menu.css";

/** A menu entry. */
export type PointerMenuItem<K extends string> = {
  key: K;
  label: string;
  danger?: boolean;
};

type PointerMenuProps<K extends string> = {
  /** Where to open, relative to the nearest positioned ancestor; null: closed. */
  at: { x: number; y: number } | null;
  items: readonly PointerMenuItem<K>[];
  onPick: (key: K) => void;
  onClose: () => void;
  /** The element that opened the menu: it gets the focus back when the menu closes, unless something else took it. */
  opener?: HTMLElement | null;
};

/**
 * Where a pointer event lands inside a container, for {@link PointerMenu}'s `at`.
 * @param container - the positioned element the menu is rendered in.
 * @param clientX - the event's viewport x.
 * @param clientY - the event's viewport y.
 */
export function pointIn(
  container: Element | null,
  clientX: number,
  clientY: number,
): { x: number; y: number } {
  const box = container?.getBoundingClientRect();
  return { x: clientX - (box?.left ?? 0), y: clientY - (box?.top ?? 0) };
}

/**
 * Where a key on a focused element opens its menu: the element's centre for the context-menu key or Shift+F10.
 * @param e - the key event on the element that opens the menu.
 * @returns viewport coordinates, or undefined for any other key.
 */
export function menuKeyPoint(e: {
  key: string;
  shiftKey: boolean;
  currentTarget: Element;
}): { clientX: number; clientY: number } | undefined {
  if (e.key !== "ContextMenu" && !(e.key === "F10" && e.shiftKey))
    return undefined;
  const box = e.currentTarget.getBoundingClientRect();
  return {
    clientX: box.left + box.width / 2,
    clientY: box.top + box.height / 2,
  };
}

export function PointerMenu<K extends string>({
  at,
  items,
  onPick,
  onClose,
  opener,
}: PointerMenuProps<K>) {
  // The anchor sits inside the container's box (a fixed one is not measured for alignment).
  const anchor: CSSProperties = { left: at?.x ?? 0, top: at?.y ?? 0 };
  const popup = useRef<HTMLDivElement>(null);
  const close = () => {
    const back = opener;
    onClose();
    // A frame later: the menu focuses itself in the frame after it opens, so an item picked within that frame would
    // otherwise take the focus from the opener again. What a pick opened (a dialog, the composer) keeps the focus.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost =
        active === null ||
        active === document.body ||
        !active.isConnected ||
        popup.current?.contains(active) === true;
      if (lost && back?.isConnected) back.focus();
    });
  };
  return (
    <Dropdown
      // Context menu: a click elsewhere closes it (the anchor itself is never clicked).
      trigger={["contextMenu"]}
      open={at !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a menu opened from the keyboard must take the focus (WAI-ARIA menu button pattern)
      autoFocus
      menu={{
        items: items.map((item) => ({
          key: item.key,
          label: item.label,
          danger: item.danger ?? false,
        })),
        onClick: ({ key }) => {
          const item = items.find((i) => i.key === key);
          close();
          if (item) onPick(item.key);
        },
      }}
      popupRender={(menu) => <div ref={popup}>{menu}</div>}
    >
      <span className="moa-pointer-menu__anchor" style={anchor} />
    </Dropdown>
  );
}
