/**
 * The main window's internet phone host: `usePhone().open(members?)` shows the phone dialog (filled with one member's
 * number, or a meeting call of several); room windows ask the same over the bridge (`call:set-info`). It also shows
 * the incoming call dialog when the PBX's incoming-call push arrives, unless the user turned incoming calls off.
 */
import { App } from "antd";
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { findCaller, type CallerCard } from "../../api/centrex-api";
import { signedGroupwareLink } from "../../api/groupware-link";
import { useBridge } from "../../lib/bridge";
import { openExternal } from "../../platform";
import { loadSettings } from "../preferences";
import { getOrgTree, useSessionController } from "../session";
import { useOpenedOnce } from "../../ui";
import { cleanTypedNumber, orgPhoneOf, type CallMember } from "./dial-plan";
import { parseIncomingCallPush } from "./incoming-call-push";
import type { PhoneRequest } from "./PhoneDialog";
import { useMemberChoice } from "./use-member-choice";

// The dialogs load when first shown: the main window's first load needs neither.
const PhoneDialog = lazy(async () => ({
  default: (await import("./PhoneDialog")).PhoneDialog,
}));
const IncomingCallDialog = lazy(async () => ({
  default: (await import("./IncomingCallDialog")).IncomingCallDialog,
}));

/** Opens the phone dialog. */
export type PhoneApi = {
  /**
   * Shows the phone dialog.
   * @param members - whom to call: one fills the number, several make a meeting call; none opens it as it was.
   */
  open: (members?: readonly CallMember[]) => void;
};

const PhoneContext = createContext<PhoneApi | null>(null);
const NO_PHONE: PhoneApi = { open: () => undefined };

/** The phone opener of this window (outside a provider: opens nothing). */
export function usePhone(): PhoneApi {
  return useContext(PhoneContext) ?? NO_PHONE;
}

type Ringing = { callNumber: string; caller: CallerCard | null };

/** Hosts the dialogs; needs the session, the bridge and a react-query client above it. */
export function PhoneProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSessionController();
  const bridge = useBridge();
  const choose = useMemberChoice();
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<PhoneRequest | null>(null);
  const [ringing, setRinging] = useState<Ringing | null>(null);
  const dialogMounted = useOpenedOnce(open);
  const seq = useRef(0);

  const api = useMemo<PhoneApi>(
    () => ({
      open: (members = []) => {
        const target = members.length > 0 ? choose(members) : undefined;
        if (target) {
          seq.current += 1;
          setRequest({ seq: seq.current, target });
        }
        setOpen(true);
      },
    }),
    [choose],
  );

  useEffect(
    () =>
      bridge.handle("call:set-info", ({ members }) => {
        const tree = getOrgTree()?.tree;
        api.open(
          members.map((m) => {
            const org = tree ? orgPhoneOf(tree, m.jid) : undefined;
            return {
              jid: m.jid,
              id: org?.id ?? "",
              name: m.name,
              phone: cleanTypedNumber(m.phoneNum) || (org?.phone ?? ""),
            };
          }),
        );
        return { accepted: true };
      }),
    [bridge, api],
  );

  useEffect(
    () =>
      session.onMessage((el) => {
        const call = parseIncomingCallPush(el);
        if (!call) return;
        // Read from storage at each call, where the settings window writes before it tells the windows: a change
        // applies to the very next call (useRcvCallYn, rcvCallTargetCd).
        const jid = session.store.getState().user?.messengerId;
        if (!jid) return;
        const { useRcvCallYn, rcvCallTargetCd } = loadSettings(jid);
        if (useRcvCallYn === "N") return;
        void (async () => {
          // The push carries the address-book match; other contacts are looked up here.
          const known = rcvCallTargetCd === "addr" ? call.caller : undefined;
          let caller: CallerCard | null = known ?? null;
          if (!known)
            try {
              caller = await findCaller(
                session.api,
                rcvCallTargetCd,
                call.callNumber,
              );
            } catch {
              // The call still shows, as from an unknown number.
            }
          setRinging({ callNumber: call.callNumber, caller });
        })();
      }),
    [session],
  );

  const openAddress = async (query: string) => {
    const { user, webToken } = session.store.getState();
    if (!user || !webToken) return;
    try {
      openExternal(
        await signedGroupwareLink("", user.userKey, webToken, "address", query),
      );
      setRinging(null);
    } catch {
      void message.error(t("phone.failed"));
    }
  };

  return (
    <PhoneContext value={api}>
      {children}
      <Suspense fallback={null}>
        {dialogMounted ? (
          <PhoneDialog
            open={open}
            request={request}
            onClose={() => {
              setOpen(false);
            }}
          />
        ) : null}
        {ringing ? (
          <IncomingCallDialog
            key={ringing.callNumber}
            callNumber={ringing.callNumber}
            caller={ringing.caller}
            onShowAddress={() =>
              void openAddress(
                `?${new URLSearchParams({ callNumber: ringing.callNumber }).toString()}`,
              )
            }
            onCreateAddress={() =>
              void openAddress(
                `?${new URLSearchParams({ act: "write", phone: ringing.callNumber }).toString()}`,
              )
            }
            onClose={() => {
              setRinging(null);
            }}
          />
        ) : null}
      </Suspense>
    </PhoneContext>
  );
}
