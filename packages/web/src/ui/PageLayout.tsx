/** A full-window page: the `main` landmark with its content centred, as splash, login and placeholder screens use. */
import type { CSSProperties, ReactNode } from "react";
import { useWindowTitle } from "./use-window-title";

type PageLayoutProps = {
  children?: ReactNode;
  /** Accessible name for pages without a visible heading. */
  label?: string;
  busy?: boolean;
  /** The window's title (see useWindowTitle); the product name when omitted. */
  title?: string;
};

// Plain styles rather than antd's Flex: Flex hides itself when empty, and empty screens (/blank) must still exist.
const style: CSSProperties = {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: 16,
  minHeight: "100vh",
  boxSizing: "border-box",
  padding: 24,
  textAlign: "center",
};

export function PageLayout({ children, label, busy, title }: PageLayoutProps) {
  useWindowTitle(title);
  return (
    <main aria-label={label} aria-busy={busy} style={style}>
      {children}
    </main>
  );
}
