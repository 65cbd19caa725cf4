/**
 * The friend tab (spec §2.5, §4 Friend screen): three modes. `list` shows the groups, expandable, with their friends,
 * live presence and online/total counts; `mod` edits the groups (add, rename, delete); `org` is the org picker adding
 * friends into the chosen group. A friend row opens the user (double-click or Enter); its menu moves or removes them.
 */
import { MoreOutlined, PlusOutlined } from "@ant-design/icons";
import type { Presence } from "@moa/shared";
import { App, Button, Dropdown, Empty, Spin, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  addFriends,
  moveFriends,
  removeFriends,
  type Friend,
  type FriendChange,
} from "../../api/friends-api";
import { asCatalogKey } from "../../i18n/catalog-key";
import { usePresenceFollower, useRoomCommands } from "../chat";
import {
  createOrgCacheSource,
  OrgPicker,
  type PickerUser,
} from "../org-picker";
import { useSession, useSessionController } from "../session";
import { FriendGroupEditor } from "./FriendGroupEditor";
import { friendGroupViews, type FriendGroupView } from "./friend-groups";
import { useFriendData, useFriendChange } from "./use-friends";
import { useFriendPresence } from "./use-friend-presence";
import "./friends.css";

/** The tab's modes (spec §4 Friend screen). */
export type FriendMode = "list" | "mod" | "org";

type FriendTabProps = {
  /** The header search text (friend search by name substring). */
  search: string;
  /**
   * Opens a user (a double-click or Enter on a friend row), by messenger JID; the main window wires it to the user
   * card. Without it, the row opens the 1:1 chat with the friend.
   */
  onOpenUser?: ((jid: string) => void) | undefined;
};

// Key of a group in the expanded set (the ungrouped bucket has no id).
const groupKey = (id: number | null) => (id === null ? "none" : String(id));

export function FriendTab({ search, onOpenUser }: FriendTabProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const session = useSessionController();
  const selfJid = useSession((s) => s.user?.messengerId ?? "");
  const data = useFriendData();
  const change = useFriendChange();
  const [mode, setMode] = useState<FriendMode>("list");
  const [addTo, setAddTo] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const source = useMemo(() => createOrgCacheSource(), []);
  const commands = useRoomCommands();

  const openFriend = async (friend: Friend) => {
    if (onOpenUser) {
      onOpenUser(friend.messengerId);
      return;
    }
    try {
      const room = await commands.openDualRoom({
        jid: friend.messengerId,
        name: friend.profile.user.name,
      });
      session.windows?.open("chatRoom", room);
    } catch {
      void message.error(t("chat.newChat.failed"));
    }
  };

  const groups = data.data?.groups;
  const friends = data.data?.friends;
  const views = useMemo(
    () =>
      friendGroupViews(
        groups ?? [],
        friends ?? [],
        search,
        t("friends.ungrouped"),
      ),
    [groups, friends, search, t],
  );
  // Only the friends of expanded groups are followed (and so counted online).
  const visible = useMemo(
    () =>
      views
        .filter((v) => !collapsed.has(groupKey(v.id)))
        .flatMap((v) => v.friends.map((f) => f.messengerId)),
    [views, collapsed],
  );
  const presenceOf = useFriendPresence(usePresenceFollower(), visible);

  const report = async (
    run: () => Promise<FriendChange>,
    done: string,
    duplicateCode: string,
  ) => {
    try {
      const result = await change(run);
      if (result.ok) {
        void message.success(done);
        return;
      }
      if (result.code === "1105")
        void modal.warning({
          content: t(asCatalogKey(duplicateCode), {
            names: result.names.join(", "),
          }),
          okText: t("common.button.confirm"),
        });
      else void message.error(t("friends.friend.changeFailed"));
    } catch {
      void message.error(t("friends.friend.changeFailed"));
    }
  };

  const onPicked = (users: readonly PickerUser[]) => {
    const ids = users.filter((u) => u.jid !== selfJid).map((u) => u.id);
    const group = addTo;
    setMode("list");
    if (ids.length === 0) return;
    void report(
      () => addFriends(session.api, ids, group),
      t("OR.A.057"),
      "FR.AF.A.011",
    );
  };

  const move = (friend: Friend, groupId: number | null) => {
    void report(
      () => moveFriends(session.api, [friend.id], groupId),
      t("friends.friend.moved"),
      "FR.RC.A.053",
    );
  };

  const remove = (friend: Friend) => {
    void modal.confirm({
      content: t("friends.friend.removeConfirm", {
        name: friend.profile.user.name,
      }),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: () =>
        report(
          () => removeFriends(session.api, [friend.id]),
          t("friends.friend.removed"),
          "FR.RC.A.053",
        ),
    });
  };

  const startAdd = (groupId: number | null) => {
    setAddTo(groupId);
    setMode("org");
  };

  const toggle = (id: number | null) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      const key = groupKey(id);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };

  let body;
  if (data.isPending)
    body = (
      <div className="moa-friends__state" aria-busy="true">
        <Spin aria-label={t("friends.loading")} />
      </div>
    );
  else if (data.isError && !data.data)
    body = (
      <Empty
        description={t("friends.loadFailed")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  else if (mode === "mod") body = <FriendGroupEditor groups={groups ?? []} />;
  else if (views.length === 0)
    body = (
      <Empty
        description={search.trim() ? t("friends.noMatch") : t("friends.empty")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  else
    body = (
      <ul className="moa-friends__groups" aria-label={t("friends.label")}>
        {views.map((view) => (
          <GroupSection
            key={groupKey(view.id)}
            view={view}
            others={views.filter((v) => v.id !== view.id)}
            expanded={!collapsed.has(groupKey(view.id))}
            presenceOf={presenceOf}
            onToggle={() => {
              toggle(view.id);
            }}
            onAdd={() => {
              startAdd(view.id);
            }}
            onOpen={(friend) => void openFriend(friend)}
            onMove={move}
            onRemove={remove}
          />
        ))}
      </ul>
    );

  return (
    <div className="moa-friends">
      <div
        className="moa-friends__toolbar"
        role="toolbar"
        aria-label={t("friends.toolbar.label")}
      >
        {mode === "mod" ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              setMode("list");
            }}
          >
            {t("friends.mode.done")}
          </Button>
        ) : (
          <>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                startAdd(null);
              }}
            >
              {t("friends.add")}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setMode("mod");
              }}
            >
              {t("friends.mode.edit")}
            </Button>
          </>
        )}
      </div>
      <div className="moa-friends__body">{body}</div>
      <OrgPicker
        open={mode === "org"}
        title={t("friends.addTitle")}
        source={source}
        selfJid={selfJid}
        excluded={friends?.map((f) => f.messengerId) ?? []}
        onConfirm={onPicked}
        onCancel={() => {
          setMode("list");
        }}
      />
    </div>
  );
}

type GroupSectionProps = {
  view: FriendGroupView;
  /** The groups a friend of this one can move to. */
  others: readonly FriendGroupView[];
  expanded: boolean;
  presenceOf: (jid: string) => Presence;
  onToggle: () => void;
  onAdd: () => void;
  onOpen: (friend: Friend) => void;
  onMove: (friend: Friend, groupId: number | null) => void;
  onRemove: (friend: Friend) => void;
};

function GroupSection({
  view,
  others,
  expanded,
  presenceOf,
  onToggle,
  onAdd,
  onOpen,
  onMove,
  onRemove,
}: GroupSectionProps) {
  const { t } = useTranslation();
  const total = view.friends.length;
  // Online: connected in any way, web chat included (isLoggedOn leaves web chat out for login notices).
  const online = view.friends.filter(
    (f) => presenceOf(f.messengerId) !== "off",
  ).length;
  const listId = `moa-friend-group-${groupKey(view.id)}`;
  return (
    <li className="moa-friends__group">
      <div className="moa-friends__group-head">
        <button
          type="button"
          className="moa-friends__group-toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          onClick={onToggle}
        >
          <span aria-hidden="true" className="moa-friends__caret">
            {expanded ? "▾" : "▸"}
          </span>
          <span className="moa-friends__group-name">{view.name}</span>{" "}
          {/* Expanded groups count who is online (only their friends are followed); collapsed ones the total. */}
          <span aria-hidden="true" className="moa-friends__count">
            {expanded
              ? t("friends.group.count", { online, total })
              : t("friends.group.total", { total })}
          </span>
          <span className="moa-visually-hidden">
            {expanded
              ? t("friends.group.countLabel", { online, total })
              : t("friends.group.totalLabel", { total })}
          </span>
        </button>
        {view.id !== null && (
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            aria-label={t("friends.addTo", { group: view.name })}
            onClick={onAdd}
          />
        )}
      </div>
      {expanded && (
        <ul id={listId} className="moa-friends__members" aria-label={view.name}>
          {view.friends.length === 0 && (
            <li className="moa-friends__none">
              <Typography.Text type="secondary">
                {t("friends.group.emptyMembers")}
              </Typography.Text>
            </li>
          )}
          {view.friends.map((friend) => (
            <FriendRow
              key={friend.id}
              friend={friend}
              presence={presenceOf(friend.messengerId)}
              targets={others}
              onOpen={() => {
                onOpen(friend);
              }}
              onMove={(groupId) => {
                onMove(friend, groupId);
              }}
              onRemove={() => {
                onRemove(friend);
              }}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

type FriendRowProps = {
  friend: Friend;
  presence: Presence;
  targets: readonly FriendGroupView[];
  onOpen: () => void;
  onMove: (groupId: number | null) => void;
  onRemove: () => void;
};

function FriendRow({
  friend,
  presence,
  targets,
  onOpen,
  onMove,
  onRemove,
}: FriendRowProps) {
  const { t } = useTranslation();
  const { user } = friend.profile;
  const presenceLabel = t(`friends.presence.${presence}`);
  const items = [
    ...targets.map((g) => ({
      key: `move:${groupKey(g.id)}`,
      label: t("friends.friend.moveTo", { group: g.name }),
      onClick: () => {
        onMove(g.id);
      },
    })),
    {
      key: "remove",
      danger: true,
      label: t("friends.friend.remove"),
      onClick: onRemove,
    },
  ];
  return (
    <li className="moa-friends__friend">
      <button
        type="button"
        className="moa-friends__friend-open"
        aria-label={t("friends.friend.open", { name: user.name })}
        onDoubleClick={onOpen}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onOpen();
          }
        }}
      >
        <span
          className={`moa-friends__presence is-${presence}`}
          role="img"
          aria-label={presenceLabel}
          title={presenceLabel}
        />
        <span className="moa-friends__name">
          {user.name}
          {user.position && (
            <span className="moa-friends__position"> {user.position}</span>
          )}
        </span>
        <span className="moa-friends__dept">{user.department.name}</span>
      </button>
      <Dropdown menu={{ items }} trigger={["click"]}>
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("friends.friend.menu", { name: user.name })}
        />
      </Dropdown>
    </li>
  );
}
