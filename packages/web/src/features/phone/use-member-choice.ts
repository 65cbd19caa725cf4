/** Choosing whom to call (spec §5 Calls), with the toasts the choice calls for: left out, dropped, group mode. */
import { App } from "antd";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { chooseMembers, type CallMember, type DialTarget } from "./dial-plan";

/**
 * @returns `choose(members)`: the target to dial, or undefined when nobody callable was chosen; it shows the toasts.
 */
export function useMemberChoice(): (
  members: readonly CallMember[],
) => DialTarget | undefined {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (members) => {
      const choice = chooseMembers(members);
      if (choice.withoutNumber.length > 0)
        void message.warning(
          t("phone.noNumber", { names: choice.withoutNumber.join(", ") }),
        );
      if (!choice.target) {
        void message.warning(t("call.participants.none"));
        return undefined;
      }
      if (choice.dropped > 0)
        void message.warning(
          t("phone.group.dropped", { count: choice.dropped }),
        );
      if (choice.group) void message.info(t("phone.group.on"));
      return choice.target;
    },
    [message, t],
  );
}
