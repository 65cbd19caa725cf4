/**
 * The friend tab's `mod` mode (spec §2.5): add a group, rename or delete each group. Names are checked as the server
 * checks them (spec §5: required, at most 50 characters FR.GS.A.009, unique FR.GS.A.011); the server's refusal code
 * is shown as well, so a rule the client missed still reads as the spec's message.
 */
import { validateGroupName } from "@moa/shared";
import { App, Button, Empty, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  createFriendGroup,
  deleteFriendGroup,
  renameFriendGroup,
  type FriendChange,
  type FriendGroup,
} from "../../api/friends-api";
import { asCatalogKey } from "../../i18n/catalog-key";
import { useSessionController } from "../session";
import { useFriendChange } from "./use-friends";

// Refusal codes with their own text; any other refusal shows the action's failure code.
const NAME_CODES = new Set([
  "friend.group.nameRequired",
  "FR.GS.A.009",
  "FR.GS.A.011",
]);

export function FriendGroupEditor({
  groups,
}: {
  groups: readonly FriendGroup[];
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const session = useSessionController();
  const change = useFriendChange();
  const [newName, setNewName] = useState("");
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());

  const run = async (
    action: () => Promise<FriendChange>,
    done: string,
    failed: string,
  ): Promise<boolean> => {
    try {
      const result = await change(action);
      if (result.ok) {
        void message.success(t(asCatalogKey(done)));
        return true;
      }
      void message.error(
        t(asCatalogKey(NAME_CODES.has(result.code) ? result.code : failed)),
      );
    } catch {
      void message.error(t(asCatalogKey(failed)));
    }
    return false;
  };

  const create = async () => {
    const checked = validateGroupName(
      newName,
      groups.map((g) => g.name),
    );
    if (!checked.ok) {
      void message.error(t(asCatalogKey(checked.code)));
      return;
    }
    if (
      await run(
        () => createFriendGroup(session.api, checked.value),
        "FR.GS.C.022",
        "FR.GS.C.020",
      )
    )
      setNewName("");
  };

  const rename = async (group: FriendGroup) => {
    const typed = names.get(group.id) ?? group.name;
    const checked = validateGroupName(
      typed,
      groups.filter((g) => g.id !== group.id).map((g) => g.name),
    );
    if (!checked.ok) {
      void message.error(t(asCatalogKey(checked.code)));
      return;
    }
    if (
      await run(
        () => renameFriendGroup(session.api, group.id, checked.value),
        "FR.GS.A.031",
        "FR.GS.A.030",
      )
    )
      setNames((prev) => {
        const next = new Map(prev);
        next.delete(group.id);
        return next;
      });
  };

  const remove = (group: FriendGroup) => {
    void modal.confirm({
      content: t("friends.edit.deleteConfirm", { name: group.name }),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: () =>
        run(
          () => deleteFriendGroup(session.api, group.id),
          "FR.GS.C.028",
          "FR.GS.C.024",
        ),
    });
  };

  return (
    <section
      className="moa-friends__editor"
      aria-label={t("friends.edit.label")}
    >
      <form
        className="moa-friends__edit-row"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Input
          size="small"
          aria-label={t("friends.edit.newName")}
          placeholder={t("friends.edit.newPlaceholder")}
          value={newName}
          onChange={(e) => {
            setNewName(e.target.value);
          }}
        />
        <Button size="small" type="primary" htmlType="submit">
          {t("friends.edit.create")}
        </Button>
      </form>
      {groups.length === 0 ? (
        <Empty
          description={t("friends.edit.none")}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      ) : (
        <ul className="moa-friends__edit-list">
          {groups.map((group) => (
            <li key={group.id}>
              <form
                className="moa-friends__edit-row"
                onSubmit={(e) => {
                  e.preventDefault();
                  void rename(group);
                }}
              >
                <Input
                  size="small"
                  aria-label={t("friends.edit.nameOf", { name: group.name })}
                  value={names.get(group.id) ?? group.name}
                  onChange={(e) => {
                    const value = e.target.value;
                    setNames((prev) => new Map(prev).set(group.id, value));
                  }}
                />
                <Button
                  size="small"
                  htmlType="submit"
                  aria-label={t("friends.edit.rename", { name: group.name })}
                >
                  {t("friends.edit.save")}
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={t("friends.edit.delete", { name: group.name })}
                  onClick={() => {
                    remove(group);
                  }}
                >
                  {t("friends.edit.remove")}
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
