/** The phone dialog's keypad (spec §2.8): 0-9, * and #, three keys per row; each press adds its key. */
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { KEYPAD_KEYS } from "./dial-plan";

type KeypadProps = {
  onKey: (key: (typeof KEYPAD_KEYS)[number]) => void;
  disabled?: boolean;
};

export function Keypad({ onKey, disabled = false }: KeypadProps) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t("phone.keypad")}
      className="moa-phone__keypad"
    >
      {KEYPAD_KEYS.map((key) => (
        <Button
          key={key}
          size="large"
          disabled={disabled}
          onClick={() => {
            onKey(key);
          }}
        >
          {key}
        </Button>
      ))}
    </div>
  );
}
