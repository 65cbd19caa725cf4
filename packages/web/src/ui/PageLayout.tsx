/** A full-window page: the `main` landmark with its content centred, as splash, login and placeholder screens use. */
import type { CSSProperties, ReactNode } from "react";

type PageLayoutProps = {
  children?: ReactNode;
  /** Accessible name for pages without a visible heading. */
  label?: string;
  busy?: boolean;
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

export function PageLayout({ children, label, busy }: PageLayoutProps) {
  return (
    <main aria-label={label} aria-busy={busy} style={style}>
      {children}
    </main>
  );
}
