/**
 * The org picker layer (spec §2.9, §4 Org picker): a search box, the department tree with check boxes (a department
 * box checks everyone under it except the picking user), the search-result tree, the chips of the selected users and
 * confirm / cancel. The tree is lazy (only open departments become rows) and virtualised, for 20,000-user orgs.
 */
import { CloseOutlined } from "@ant-design/icons";
import {
  asDepartmentKey,
  asUserId,
  EMPTY_ORG_CHECK_STATE,
  setDepartmentChecked,
  setUserChecked,
  type OrgCheckState,
} from "@moa/shared";
import { App, Button, Input, Modal, Spin, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  flattenResults,
  flattenTree,
  toRuleTree,
  type PickerRow,
} from "./picker-rows";
import type {
  OrgPickerProps,
  PickerDepartment,
  PickerUser,
} from "./org-picker-types";
import { useCountOpenPicker } from "./open-pickers";
import { PickerTree } from "./PickerTree";
import "./org-picker.css";

// Chips shown at most: a whole division can be thousands of people, and the count above says how many there are.
const CHIP_LIMIT = 100;

/** The org picker; renders nothing while closed, so every opening starts empty. */
export function OrgPicker(props: OrgPickerProps) {
  return props.open ? <PickerDialog {...props} /> : null;
}

function PickerDialog({
  title,
  source,
  selfJid = "",
  excluded = [],
  maxSelect,
  maxSelectMessage,
  emptyMessage,
  onConfirm,
  onCancel,
  modeless = false,
}: OrgPickerProps) {
  useCountOpenPicker();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [tree, setTree] = useState<readonly PickerDepartment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [check, setCheck] = useState<OrgCheckState>(EMPTY_ORG_CHECK_STATE);
  const [selfChecked, setSelfChecked] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<readonly PickerUser[] | null>(null);
  // Blank text shows the tree again; until the first answer for new text, the last results stay.
  const results = query.trim() === "" ? null : found;
  const excludedSet = useMemo(() => new Set(excluded), [excluded]);

  useEffect(() => {
    const guard = { live: true };
    void (async () => {
      try {
        const roots = await source.loadTree();
        if (!guard.live) return;
        setTree(roots);
        setExpanded(new Set(roots.map((d) => d.key)));
      } catch {
        if (guard.live) setFailed(true);
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [source]);

  useEffect(() => {
    if (query.trim() === "") return;
    const guard = { live: true };
    void (async () => {
      try {
        const users = await source.search(query);
        if (guard.live) setFound(users);
      } catch {
        if (guard.live) setFound([]);
      }
    })();
    return () => {
      guard.live = false;
    };
  }, [source, query]);

  const ruleTree = useMemo(
    () => (tree ? toRuleTree(tree, excludedSet) : []),
    [tree, excludedSet],
  );
  const usersByJid = useMemo(() => {
    const byJid = new Map<string, PickerUser>();
    const visit = (d: PickerDepartment) => {
      for (const u of d.users) if (!byJid.has(u.jid)) byJid.set(u.jid, u);
      d.children.forEach(visit);
    };
    tree?.forEach(visit);
    for (const u of results ?? []) if (!byJid.has(u.jid)) byJid.set(u.jid, u);
    return byJid;
  }, [tree, results]);

  const selected = useMemo(() => {
    const jids = [...(selfChecked ? [selfJid] : []), ...check.users];
    return jids.flatMap((jid) => usersByJid.get(jid) ?? []);
  }, [check, selfChecked, selfJid, usersByJid]);

  const rows: PickerRow[] = useMemo(() => {
    if (results) return flattenResults(results);
    return tree ? flattenTree(tree, expanded) : [];
  }, [results, tree, expanded]);

  const alert = (content: string) => {
    void modal.warning({
      title: t("common.alert.title"),
      content,
      okText: t("common.button.confirm"),
    });
  };

  /** Applies a new check state unless it goes over the limit (spec §5: the tick is undone with an alert). */
  const applyCheck = (next: OrgCheckState, self: boolean) => {
    const count = next.users.size + (self ? 1 : 0);
    if (maxSelect !== undefined && count > maxSelect) {
      alert(maxSelectMessage ?? t("orgPicker.maxSelect", { count: maxSelect }));
      return;
    }
    setCheck(next);
    setSelfChecked(self);
  };

  const toggleUser = (jid: string, checked: boolean) => {
    if (excludedSet.has(jid)) return;
    if (jid === selfJid) {
      applyCheck(check, checked);
      return;
    }
    applyCheck(
      setUserChecked(
        ruleTree,
        check,
        asUserId(jid),
        checked,
        asUserId(selfJid),
      ),
      selfChecked,
    );
  };

  const toggleDepartment = (key: string, checked: boolean) => {
    applyCheck(
      setDepartmentChecked(
        ruleTree,
        check,
        asDepartmentKey(key),
        checked,
        asUserId(selfJid),
      ),
      selfChecked,
    );
  };

  const confirm = () => {
    if (selected.length === 0) {
      alert(emptyMessage ?? t("OR.A.063"));
      return;
    }
    onConfirm(selected);
  };

  let body;
  if (failed)
    body = (
      <Typography.Text type="danger" role="alert">
        {t("orgPicker.loadFailed")}
      </Typography.Text>
    );
  else if (!tree) body = <Spin aria-label={t("orgPicker.loading")} />;
  else if (results?.length === 0)
    body = (
      <Typography.Text type="secondary">
        {t("orgPicker.noMatch")}
      </Typography.Text>
    );
  else
    body = (
      <PickerTree
        rows={rows}
        label={results ? t("orgPicker.resultsLabel") : t("orgPicker.treeLabel")}
        ruleTree={ruleTree}
        check={check}
        selfJid={selfJid}
        selfChecked={selfChecked}
        excluded={excludedSet}
        onToggleUser={toggleUser}
        onToggleDepartment={toggleDepartment}
        onToggleExpand={(key) => {
          setExpanded((current) => {
            const next = new Set(current);
            if (next.has(key)) next.delete(key);
            else next.add(key);
            return next;
          });
        }}
      />
    );

  return (
    <Modal
      open
      title={title}
      width={560}
      centered
      onCancel={onCancel}
      mask={!modeless}
      {...(modeless ? { wrapClassName: "moa-org-picker__modeless" } : {})}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t("common.button.cancel")}
        </Button>,
        <Button key="confirm" type="primary" onClick={confirm}>
          {t("common.button.confirm")}
        </Button>,
      ]}
    >
      <div className="moa-org-picker">
        <Input
          allowClear
          value={query}
          placeholder={t("orgPicker.search.placeholder")}
          aria-label={t("orgPicker.search.label")}
          onChange={(e) => {
            setQuery(e.target.value);
          }}
        />
        <div className="moa-org-picker__tree">{body}</div>
        <section
          className="moa-org-picker__selected"
          aria-label={t("orgPicker.selected.label", { count: selected.length })}
        >
          <Typography.Text type="secondary">
            {t("orgPicker.selected.label", { count: selected.length })}
          </Typography.Text>
          <ul className="moa-org-picker__chips">
            {selected.slice(0, CHIP_LIMIT).map((user) => (
              <li key={user.jid} className="moa-org-picker__chip">
                <span>{user.name}</span>
                <button
                  type="button"
                  className="moa-org-picker__chip-remove"
                  aria-label={t("orgPicker.selected.remove", {
                    name: user.name,
                  })}
                  onClick={() => {
                    toggleUser(user.jid, false);
                  }}
                >
                  <CloseOutlined aria-hidden="true" />
                </button>
              </li>
            ))}
            {selected.length > CHIP_LIMIT ? (
              <li className="moa-org-picker__more">
                {t("orgPicker.selected.more", {
                  count: selected.length - CHIP_LIMIT,
                })}
              </li>
            ) : null}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
