/** The client version string (spec §1), stamped at build time. */
export const APP_VERSION: string =
  (import.meta.env.VITE_MOA_VERSION as string | undefined) ?? "0.1.0";
