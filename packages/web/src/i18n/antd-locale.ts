/** antd's built-in texts (modal buttons, empty states, pickers) in the same language as ours. */
import type { Locale as AntdLocale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import koKR from "antd/es/locale/ko_KR";
import type { Locale } from "./locales";

export const antdLocales: Record<Locale, AntdLocale> = {
  "ko-KR": koKR,
  "en-US": enUS,
};
