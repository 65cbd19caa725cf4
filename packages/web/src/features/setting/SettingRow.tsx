/** One labelled row of a settings form: the label names the control (for screen readers and tests alike). */
import type { ReactNode } from "react";

type SettingRowProps = {
  /** The id of the control the label names. */
  htmlFor: string;
  label: string;
  children: ReactNode;
};

export function SettingRow({ htmlFor, label, children }: SettingRowProps) {
  return (
    <div className="moa-setting__row">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
