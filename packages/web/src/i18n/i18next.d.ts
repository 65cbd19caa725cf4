/** Types `t()` keys against the Korean catalog, so a misspelt key fails to compile. */
import "i18next";
import type { catalog as koKR } from "./locales/ko-KR";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof koKR };
    keySeparator: false;
    nsSeparator: false;
  }
}
