/**
 * The org tab (spec §2.6): the whole company's department tree with its people, or — while the header search holds
 * text — the search-result tree. The tree opens at the own department (or where it was left, when orgLastLocYn is
 * set), follows the presence of only the people on screen, fetches their absence status as they scroll into view,
 * and opens the user card on a person.
 */
import { fetchAbsence } from "../../api/absence-api";
import { useQuery } from "@tanstack/react-query";
import { Empty } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListRange } from "react-virtuoso";
import { usePresenceFollower } from "../presence";
import { useSettings } from "../preferences";
import { getOrgTree, useSession, useSessionController } from "../session";
import { useUserCard } from "../user-card";
import { orgView, rowKey } from "./org-rows";
import {
  fetchCompanyTitleMode,
  readOrgSettings,
  writeOrgSettings,
  type OrgTitleMode,
} from "./org-settings";
import { OrgTree } from "./OrgTree";
import "./org.css";

// The presence follower's consumer name for this tab.
const CONSUMER = "org-tab";
// Scrolling changes the rows on screen many times a second; presence and absence follow once it settles.
const SETTLE_MS = 150;
// Rows beyond the screen's edges whose presence is followed too, so a short scroll shows them right away.
const OVERSCAN_ROWS = 10;

type OrgTabProps = {
  /** The header's search text; blank shows the tree. */
  search: string;
};

export function OrgTab({ search }: OrgTabProps) {
  const { t } = useTranslation();
  const org = getOrgTree();
  const me = useSession((s) => s.user);
  if (!org || !me)
    return (
      <Empty
        description={t("org.empty")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  return (
    <OrgTabBody
      search={search}
      loginId={me.loginId}
      ownDept={me.deptId}
      tree={org.tree}
      virtualBranch={org.virtualBranch}
    />
  );
}

type BodyProps = {
  search: string;
  loginId: string;
  ownDept: string;
  tree: NonNullable<ReturnType<typeof getOrgTree>>["tree"];
  virtualBranch: boolean;
};

function OrgTabBody({
  search,
  loginId,
  ownDept,
  tree,
  virtualBranch,
}: BodyProps) {
  const { t } = useTranslation();
  const session = useSessionController();
  const follower = usePresenceFollower();
  const card = useUserCard();
  const view = useMemo(
    () => orgView(tree, virtualBranch),
    [tree, virtualBranch],
  );
  const { settings } = useSettings();
  // The place the tree was left, read once: the tree opens there and then follows the user.
  const [restore] = useState(() =>
    settings.orgLastLocYn === "Y"
      ? readOrgSettings(loginId).orgLastLoc
      : undefined,
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        restore?.expanded ?? [
          ...view.roots.map((d) => d.key),
          ...view.pathTo(ownDept),
        ],
      ),
  );
  const companyMode = useQuery({
    queryKey: ["org", "titleMode"],
    queryFn: () => fetchCompanyTitleMode(session.api),
    enabled: settings.orgPrtCd === undefined,
    staleTime: Infinity,
  }).data;
  const titleMode: OrgTitleMode = settings.orgPrtCd ?? companyMode ?? "pos";
  const searching = search.trim() !== "";
  const rows = useMemo(
    () => (searching ? view.searchRows(search) : view.treeRows(expanded)),
    [searching, search, view, expanded],
  );
  const [initialTop] = useState(() => {
    const at = restore
      ? rows.findIndex((r) => rowKey(r) === restore.topRow)
      : -1;
    return Math.max(at, 0);
  });

  const [absence, setAbsence] = useState<ReadonlyMap<string, string>>(
    new Map(),
  );
  const asked = useRef(new Set<string>());
  const range = useRef<ListRange>({ startIndex: 0, endIndex: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rowsRef = useRef(rows);
  // Where the tree was left, saved when the tab closes.
  const topRow = useRef(restore?.topRow ?? "");
  const expandedRef = useRef(expanded);
  useEffect(() => {
    expandedRef.current = expanded;
  }, [expanded]);

  // Follows the people on screen (never the whole company) and asks once for the absence of those not asked yet.
  const settle = useCallback(() => {
    timer.current = null;
    const { startIndex, endIndex } = range.current;
    const onScreen = rowsRef.current
      .slice(
        Math.max(0, startIndex - OVERSCAN_ROWS),
        endIndex + OVERSCAN_ROWS + 1,
      )
      .flatMap((r) => (r.kind === "user" ? [r.user] : []));
    follower?.follow(CONSUMER, [
      ...new Set(onScreen.map((u) => u.messengerId)),
    ]);
    const top = rowsRef.current[startIndex];
    if (top && !searching) topRow.current = rowKey(top);
    const unasked = [...new Set(onScreen.map((u) => u.id))].filter(
      (id) => !asked.current.has(id),
    );
    if (unasked.length === 0) return;
    for (const id of unasked) asked.current.add(id);
    void (async () => {
      try {
        const found = await fetchAbsence(session.api, unasked);
        if (Object.keys(found).length > 0)
          setAbsence((was) => new Map([...was, ...Object.entries(found)]));
      } catch {
        // Shown without absence; the next time they scroll into view they are asked again.
        for (const id of unasked) asked.current.delete(id);
      }
    })();
  }, [follower, session, searching]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(settle, SETTLE_MS);
  }, [settle]);

  const onRangeChange = useCallback(
    (next: ListRange) => {
      range.current = next;
      schedule();
    },
    [schedule],
  );

  // Opening or closing a department changes the rows without moving the range.
  useEffect(() => {
    rowsRef.current = rows;
    schedule();
  }, [rows, schedule]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      follower?.unfollow(CONSUMER);
    },
    [follower],
  );

  useEffect(
    () => () => {
      writeOrgSettings(loginId, {
        orgLastLoc: {
          expanded: [...expandedRef.current],
          topRow: topRow.current,
        },
      });
    },
    [loginId],
  );

  const onToggle = useCallback((key: string) => {
    setExpanded((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  const onOpenUser = useCallback(
    (jid: string) => {
      card.open(jid);
    },
    [card],
  );

  if (searching && rows.length === 0)
    return (
      <Empty
        description={t("org.noMatch", { text: search.trim() })}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  return (
    <div className="moa-org">
      <OrgTree
        key={searching ? "search" : "tree"}
        rows={rows}
        label={searching ? t("org.resultsLabel") : t("org.treeLabel")}
        titleMode={titleMode}
        absence={absence}
        initialTop={searching ? 0 : initialTop}
        onToggle={onToggle}
        onOpenUser={onOpenUser}
        onRangeChange={onRangeChange}
      />
    </div>
  );
}
