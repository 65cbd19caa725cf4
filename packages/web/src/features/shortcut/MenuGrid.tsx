/** A titled group of launcher buttons (icon above the name), as Korean groupware messengers lay out their menus. */
import { Typography } from "antd";
import type { ReactNode } from "react";
import "./shortcut.css";

export type MenuGridItem = {
  readonly key: string;
  readonly label: string;
  readonly icon: ReactNode;
  readonly onOpen: () => void;
};

export function MenuGrid({
  title,
  items,
}: {
  title: string;
  items: readonly MenuGridItem[];
}) {
  if (items.length === 0) return null;
  return (
    <section className="moa-menu-grid" aria-label={title}>
      <Typography.Title level={5} className="moa-menu-grid__title">
        {title}
      </Typography.Title>
      <ul className="moa-menu-grid__items">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              className="moa-menu-grid__item"
              onClick={item.onOpen}
            >
              <span aria-hidden="true" className="moa-menu-grid__icon">
                {item.icon}
              </span>
              <span className="moa-menu-grid__label">{item.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
