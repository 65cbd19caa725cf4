/**
 * The internet phone dialog (spec §2.8, §4 Call status, §5 Calls): keypad, number field (dashes removed) or the
 * group label of a meeting call, call history, meeting-call org picker, redial, hold / hold release, call and
 * hang-up against the centrex API. Status goes off → on after a call starts, on → hold → on, and off after a
 * hang-up. Without the company's centrex menu or a centrex set-up, it shows the customer centre and settings.
 */
import {
  CALL_MAX_PARTICIPANTS,
  CUSTOMER_CENTRE_PHONE,
  checkHold,
  validateDialNumber,
  type CallStatus,
  type CentrexResultName,
} from "@moa/shared";
import { CloseOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Input, Modal, Spin, Tooltip, Typography } from "antd";
import type { ParseKeys } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  fetchCentrexUser,
  fetchRecallList,
  lineOperation,
  logCall,
  startCall,
  type CallParty,
} from "../../api/centrex-api";
import { signedGroupwareLink } from "../../api/groupware-link";
import { openExternal } from "../../platform";
import { createOrgCacheSource, OrgPicker } from "../org-picker";
import { getOrgTree, useSession, useSessionController } from "../session";
import {
  cleanTypedNumber,
  numbersOf,
  orgPhoneOf,
  type DialTarget,
} from "./dial-plan";
import { Keypad } from "./Keypad";
import { useMemberChoice } from "./use-member-choice";
import "./phone.css";

/** What the dialog is asked to dial: a number or a meeting call (each request applies once). */
export type PhoneRequest = {
  readonly seq: number;
  readonly target: DialTarget;
};

const CENTREX_USER_KEY = ["centrex", "user"] as const;
const RECALL_KEY = ["centrex", "recall"] as const;

type PhoneDialogProps = {
  open: boolean;
  request: PhoneRequest | null;
  onClose: () => void;
};

export function PhoneDialog({ open, request, onClose }: PhoneDialogProps) {
  const { t } = useTranslation();
  const session = useSessionController();
  const user = useQuery({
    queryKey: CENTREX_USER_KEY,
    queryFn: () => fetchCentrexUser(session.api),
    enabled: open,
  });

  let body;
  if (user.isError)
    body = (
      <Typography.Text type="danger" role="alert">
        {t("phone.loadFailed")}
      </Typography.Text>
    );
  else if (!user.data) body = <Spin aria-label={t("phone.loading")} />;
  else if (!user.data.isUse || !user.data.isSet) body = <Unavailable />;
  else body = <PhonePanel request={request} />;

  return (
    <Modal
      open={open}
      title={t("phone.title")}
      onCancel={onClose}
      footer={null}
      width={340}
    >
      {body}
    </Modal>
  );
}

/** Spec §2.8: the unavailable message with the customer centre's number and a settings button. */
function Unavailable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSessionController();
  const openSettings = async () => {
    const { user, webToken } = session.store.getState();
    if (!user || !webToken) return;
    try {
      openExternal(
        await signedGroupwareLink("", user.userKey, webToken, "centrexSetting"),
      );
    } catch {
      void message.error(t("phone.failed"));
    }
  };
  return (
    <div className="moa-phone">
      <Typography.Paragraph role="alert">
        {t("phone.unavailable", { phone: CUSTOMER_CENTRE_PHONE })}
      </Typography.Paragraph>
      <Button onClick={() => void openSettings()}>{t("phone.settings")}</Button>
    </div>
  );
}

function PhonePanel({ request }: { request: PhoneRequest | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const session = useSessionController();
  const me = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CallStatus>("off");
  const [target, setTarget] = useState<DialTarget>({
    kind: "number",
    number: "",
  });
  const [busy, setBusy] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [source] = useState(createOrgCacheSource);
  const [applied, setApplied] = useState(0);
  const recall = useQuery({
    queryKey: RECALL_KEY,
    queryFn: () => fetchRecallList(session.api),
    enabled: historyOpen,
  });

  const alert = (code: ParseKeys) => {
    void modal.warning({
      title: t("common.alert.title"),
      content: t(code),
      okText: t("common.button.confirm"),
    });
  };
  const report = (result: Exclude<CentrexResultName, "SUCCESS">) => {
    alert(`phone.result.${result}`);
  };

  const choose = useMemberChoice();

  // A request (a user card's or member list's call button) fills the dialog once.
  if (request && request.seq !== applied) {
    setApplied(request.seq);
    setTarget(request.target);
  }

  // The line may already be busy (a call placed before the dialog was closed, or from another device).
  useEffect(() => {
    const guard = { live: true };
    void (async () => {
      try {
        const line = await lineOperation(session.api, "phoneStatus");
        if (guard.live && line === "SUCCESS")
          setStatus((s) => (s === "off" ? "on" : s));
      } catch {
        // The buttons report their own failures; the status stays as it is.
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [session]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      void message.error(t("phone.failed"));
    } finally {
      setBusy(false);
    }
  };

  const dial = async (to: DialTarget) => {
    if (to.kind === "number") {
      const checked = validateDialNumber(to.number);
      if (!checked.ok) {
        void message.warning(t(checked.code));
        return;
      }
    }
    if (status !== "off") {
      alert("IP.A.013");
      return;
    }
    // Spec §5: a call starts only while the phone status is NO_CHANNEL.
    if ((await lineOperation(session.api, "phoneStatus")) !== "NO_CHANNEL") {
      setStatus("on");
      alert("IP.A.013");
      return;
    }
    const result = await startCall(session.api, numbersOf(to));
    if (result !== "SUCCESS") {
      report(result);
      return;
    }
    setStatus("on");
    const parties: CallParty[] =
      to.kind === "group"
        ? to.members.map((m) => ({ key: m.id, name: m.name, phone: m.phone }))
        : [
            {
              key: to.party?.id ?? "",
              name: to.party?.name ?? "",
              phone: cleanTypedNumber(to.number),
            },
          ];
    // The call is up whether or not its log is written; the history shows what was recorded.
    await logCall(session.api, parties).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: RECALL_KEY });
  };

  const redial = async () => {
    const [latest] = await queryClient.query({
      queryKey: RECALL_KEY,
      queryFn: () => fetchRecallList(session.api),
      staleTime: 0,
    });
    if (!latest) {
      void message.warning(t("IP.T.016"));
      return;
    }
    const to: DialTarget = {
      kind: "number",
      number: latest.phone,
      party: { id: latest.key, name: latest.name },
    };
    setTarget(to);
    await dial(to);
  };

  const toggleHold = async () => {
    if (status === "hold") {
      const result = await lineOperation(session.api, "callHoldStop");
      if (result === "SUCCESS") setStatus("on");
      else report(result);
      return;
    }
    const checked = checkHold(status);
    if (!checked.ok) {
      alert(checked.code);
      return;
    }
    const result = await lineOperation(session.api, "callHoldStart");
    if (result === "SUCCESS") setStatus("hold");
    else if (result === "NO_CHANNEL") {
      setStatus("off");
      alert("IP.A.014");
    } else report(result);
  };

  const hangUp = async () => {
    const result = await lineOperation(session.api, "callStop");
    if (result === "SUCCESS" || result === "NO_CHANNEL") setStatus("off");
    else report(result);
  };

  const pickMembers = (jids: readonly string[]) => {
    const tree = getOrgTree()?.tree;
    const chosen = choose(
      jids.flatMap((jid) => {
        const org = tree ? orgPhoneOf(tree, jid) : undefined;
        return org ? [{ jid, ...org }] : [];
      }),
    );
    if (chosen) setTarget(chosen);
  };

  return (
    <div className="moa-phone">
      <div className="moa-phone__status">
        <Typography.Text strong>{t("phone.status.label")}</Typography.Text>
        <Typography.Text role="status" aria-label={t("phone.status.label")}>
          {t(`phone.status.${status}`)}
        </Typography.Text>
      </div>
      {target.kind === "group" ? (
        <div className="moa-phone__group">
          <Tooltip
            title={
              <ul
                className="moa-phone__members"
                aria-label={t("phone.group.members")}
              >
                {target.members.map((m) => (
                  <li key={m.jid}>
                    {m.name} {m.phone}
                  </li>
                ))}
              </ul>
            }
          >
            <Typography.Text tabIndex={0}>
              {t("phone.group.label", { count: target.members.length })}
            </Typography.Text>
          </Tooltip>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("phone.group.clear")}
            onClick={() => {
              setTarget({ kind: "number", number: "" });
            }}
          />
        </div>
      ) : (
        <Input
          aria-label={t("phone.number")}
          placeholder={t("phone.number")}
          inputMode="tel"
          value={target.number}
          onChange={(e) => {
            setTarget({
              kind: "number",
              number: cleanTypedNumber(e.target.value),
            });
          }}
          onPressEnter={() => void run(() => dial(target))}
        />
      )}
      <Keypad
        disabled={target.kind === "group"}
        onKey={(key) => {
          if (target.kind === "number")
            setTarget({ kind: "number", number: target.number + key });
        }}
      />
      <div className="moa-phone__actions">
        <Button
          aria-expanded={historyOpen}
          onClick={() => {
            setHistoryOpen((o) => !o);
          }}
        >
          {t("phone.history")}
        </Button>
        <Button
          onClick={() => {
            setPickerOpen(true);
          }}
        >
          {t("phone.meeting")}
        </Button>
        <Button disabled={busy} onClick={() => void run(redial)}>
          {t("phone.redial")}
        </Button>
        <Button disabled={busy} onClick={() => void run(toggleHold)}>
          {status === "hold" ? t("phone.holdRelease") : t("phone.hold")}
        </Button>
        <Button
          type="primary"
          disabled={busy}
          onClick={() => void run(() => dial(target))}
        >
          {t("phone.call")}
        </Button>
        <Button danger disabled={busy} onClick={() => void run(hangUp)}>
          {t("phone.hangUp")}
        </Button>
      </div>
      {historyOpen ? (
        <CallHistory
          parties={recall.data}
          failed={recall.isError}
          onPick={(p) => {
            setTarget({
              kind: "number",
              number: p.phone,
              party: { id: p.key, name: p.name },
            });
          }}
        />
      ) : null}
      <OrgPicker
        open={pickerOpen}
        title={t("phone.meeting")}
        source={source}
        selfJid={me?.messengerId ?? ""}
        // Spec §5: the meeting call's picker has the limit; a tick beyond 6 is undone with IP.A.015.
        maxSelect={CALL_MAX_PARTICIPANTS}
        maxSelectMessage={t("IP.A.015")}
        onConfirm={(users) => {
          setPickerOpen(false);
          pickMembers(users.map((u) => u.jid));
        }}
        onCancel={() => {
          setPickerOpen(false);
        }}
      />
    </div>
  );
}

type CallHistoryProps = {
  parties: readonly CallParty[] | undefined;
  failed: boolean;
  onPick: (party: CallParty) => void;
};

/** The recent calls; choosing one fills the number. */
function CallHistory({ parties, failed, onPick }: CallHistoryProps) {
  const { t } = useTranslation();
  if (failed)
    return (
      <Typography.Text type="danger" role="alert">
        {t("phone.failed")}
      </Typography.Text>
    );
  if (!parties) return <Spin aria-label={t("phone.loading")} />;
  if (parties.length === 0)
    return (
      <Typography.Text type="secondary">
        {t("phone.historyEmpty")}
      </Typography.Text>
    );
  return (
    <ul className="moa-phone__history" aria-label={t("phone.historyList")}>
      {parties.map((p) => (
        <li key={p.phone}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              onPick(p);
            }}
          >
            {t("phone.historyItem", { name: p.name, phone: p.phone })}
          </Button>
        </li>
      ))}
    </ul>
  );
}
