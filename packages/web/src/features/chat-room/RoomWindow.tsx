/**
 * The chat room window's content (spec §2.11): header, Ctrl+F search, the message list with its context menu, the
 * new-message toast and the composer (none in news rooms). Talks to the main window only through the bridge. Opened
 * at a message (a search result), it shows the history around that message with the message marked; Ctrl+F finds
 * matches older than the loaded pages through the server's search and shows the history around them the same way.
 */
import {
  buildSearchPattern,
  checkDeleteWindow,
  NEW_MESSAGE_TOAST_DURATION_MS,
  quoteForReply,
  ROOM_TYPES,
  stepMatchIndex,
  type MessageMenuItem,
  type ReadStateMember,
} from "@moa/shared";
import { Alert, App, Spin } from "antd";
import type { InputRef } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VirtuosoHandle } from "react-virtuoso";
import { useBridgeEvent, useBridgeRequest } from "../../lib/bridge";
import { copyText } from "../../platform";
import { useWindowTitle } from "../../ui";
import {
  Composer,
  RoomViewControls,
  useRoomViewSettings,
  type ReplyTarget,
} from "./composer";
import { FileDropArea, useRoomUploads } from "./files";
import { LongMessageDialog } from "./LongMessageDialog";
import { memberNamer } from "./member-names";
import { MessageList } from "./MessageList";
import { buildRows } from "./message-rows";
import { NewMessageToast } from "./NewMessageToast";
import { RoomHeader } from "./RoomHeader";
import { useRoomClock } from "./room-clock";
import { messageText, type RoomMessage } from "./room-message";
import { findHits, hitsByMessage, type SearchHit } from "./room-search";
import { SearchBar } from "./SearchBar";
import { RoomUserCard } from "../user-card";
import { useRoom } from "./use-room";
import { useRoomWebhard } from "./use-room-webhard";
import { useWindowFocus } from "./use-window-focus";
import "./chat-room.css";

// Virtuoso wants a positive first index that only ever decreases by the rows prepended.
const FIRST_ITEM_BASE = 1_000_000;
// A reply's original older than this many pages is not searched for.
const JUMP_MAX_PAGES = 20;
const FLASH_MS = 1600;
// Ctrl+F asks the server for at most this many pages of older matches before wrapping around.
const OLDER_SEARCH_MAX_PAGES = 5;
// The server searches 1..100 characters.
const SERVER_QUERY_MAX = 100;

type Toast = { count: number; preview: string; expiresAt: number };

export function RoomWindow({
  roomName,
  at = null,
}: {
  roomName: string;
  /** The key of the message to open at; null for the newest. */
  at?: string | null;
}) {
  const { t } = useTranslation();
  const { modal, message: notify } = App.useApp();
  const now = useRoomClock();
  const uploads = useRoomUploads();
  const sendMessage = useBridgeRequest("message:send");
  const sendReply = useBridgeRequest("message:reply");
  const deleteMessage = useBridgeRequest("message:delete");
  const getFull = useBridgeRequest("message:get-full");
  const setAlarm = useBridgeRequest("room:set-alarm");
  const searchRoom = useBridgeRequest("messages:search");
  const openWebhard = useRoomWebhard(roomName);

  const list = useRef<VirtuosoHandle>(null);
  const nearBottom = useRef(true);
  const nearTop = useRef(false);
  const ownJidRef = useRef("");
  const [toast, setToast] = useState<Toast | null>(null);
  const [cardJid, setCardJid] = useState<string | null>(null);
  const nameOfRef = useRef<(jid: string, m?: RoomMessage) => string>(
    (jid) => jid,
  );

  const onLive = useCallback((message: RoomMessage) => {
    if (message.senderJid === ownJidRef.current || nearBottom.current) return;
    setToast((current) => ({
      count: (current?.count ?? 0) + 1,
      preview: `${nameOfRef.current(message.senderJid, message)}: ${messageText(message)}`,
      expiresAt: Date.now() + NEW_MESSAGE_TOAST_DURATION_MS,
    }));
  }, []);
  const hideToast = useCallback(() => {
    setToast(null);
  }, []);

  const { state, loadOlder, loadNewer, showAround, showDeleted, setAlarmOn } =
    useRoom(roomName, onLive, at);
  const { room, messages, ownJid, reachedFirst, status, loadingOlder } = state;
  const reachedLastRef = useRef(state.reachedLast);
  useEffect(() => {
    reachedLastRef.current = state.reachedLast;
  });
  const view = useRoomViewSettings(ownJid || null);
  useWindowTitle(room?.title || t("window.title.room"));
  useWindowFocus(roomName, status === "ready");
  const [network, setNetwork] = useState<"success" | "fail" | "restore">(
    "success",
  );
  useBridgeEvent("network:status-changed", ({ status: next }) => {
    setNetwork(next);
  });

  const offsetMinutes = useMemo(() => -new Date().getTimezoneOffset(), []);
  const rows = useMemo(
    () => buildRows(messages, { ownJid, reachedFirst, offsetMinutes }),
    [messages, ownJid, reachedFirst, offsetMinutes],
  );
  const anchorIndex = rows.findIndex((r) => r.key === state.anchorKey);
  const firstItemIndex = FIRST_ITEM_BASE - Math.max(0, anchorIndex);
  const members = useMemo(() => room?.members ?? [], [room]);
  const readState = useMemo<ReadStateMember[]>(
    () =>
      members.map((m) => ({
        jid: m.jid,
        affiliation: m.affiliation,
        watchTime: Number(m.watch ?? 0),
      })),
    [members],
  );
  const nameOf = useMemo(
    () => memberNamer(members, t("chatRoom.message.unknownUser")),
    [members, t],
  );
  const me = useMemo(
    () => ({ jid: ownJid, name: nameOf(ownJid) }),
    [ownJid, nameOf],
  );
  useEffect(() => {
    ownJidRef.current = ownJid;
    nameOfRef.current = nameOf;
  }, [ownJid, nameOf]);

  // ---- search (Ctrl+F) ----
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<SearchHit | null>(null);
  const searchInput = useRef<InputRef>(null);
  const pattern = useMemo(() => buildSearchPattern(query), [query]);
  const hits = useMemo(() => findHits(messages, pattern), [messages, pattern]);
  const hitMap = useMemo(() => hitsByMessage(hits), [hits]);
  const currentIndex = selected
    ? hits.findIndex(
        (h) =>
          h.messageKey === selected.messageKey && h.start === selected.start,
      )
    : -1;
  const currentHit = hits[currentIndex] ?? null;

  const scrollToMessage = useCallback(
    (messageKey: string) => {
      const index = rows.findIndex((r) => r.key === messageKey);
      if (index >= 0) list.current?.scrollToIndex({ index, align: "center" });
    },
    [rows],
  );
  const selectHit = (hit: SearchHit | null) => {
    setSelected(hit);
    if (hit) scrollToMessage(hit.messageKey);
  };
  const closeSearch = () => {
    setSearchOpen(false);
    setQuery("");
    setSelected(null);
  };

  // ---- Ctrl+F beyond the loaded pages: the server's search within the room ----
  const [searchingOlder, setSearchingOlder] = useState(false);
  const pendingSelect = useRef<string | null>(null);
  const serverQuery = query.trim();
  const canSearchOlder =
    !reachedFirst &&
    serverQuery.length > 0 &&
    serverQuery.length <= SERVER_QUERY_MAX;
  /** @returns whether an older match was found and the list moved to it. */
  const findOlder = async (): Promise<boolean> => {
    const oldest = messages[0]?.key;
    if (!oldest || !canSearchOlder) return false;
    setSearchingOlder(true);
    try {
      let before: string | undefined;
      for (let page = 0; page < OLDER_SEARCH_MAX_PAGES; page += 1) {
        const found = await searchRoom({
          roomName,
          q: serverQuery,
          ...(before === undefined ? {} : { before }),
        });
        const older = found.keys.find((key) => Number(key) < Number(oldest));
        if (older) {
          pendingSelect.current = older;
          await showAround(older);
          return true;
        }
        if (found.next === undefined) return false;
        before = found.next;
      }
      return false;
    } catch {
      void notify.error(t("messageSearch.failed"));
      return false;
    } finally {
      setSearchingOlder(false);
    }
  };
  const step = (direction: "next" | "previous") => {
    if (direction === "previous" && currentIndex <= 0 && canSearchOlder) {
      void (async () => {
        if (!(await findOlder()))
          selectHit(
            hits[stepMatchIndex(currentIndex, hits.length, direction)] ?? null,
          );
      })();
      return;
    }
    selectHit(
      hits[stepMatchIndex(currentIndex, hits.length, direction)] ?? null,
    );
  };
  // Once the history around an older match is shown, its last match in that message is the current one.
  useEffect(() => {
    const key = pendingSelect.current;
    if (key === null || !messages.some((m) => m.key === key)) return;
    pendingSelect.current = null;
    setSelected(hits.filter((h) => h.messageKey === key).at(-1) ?? null);
  }, [messages, hits]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "f") {
        e.preventDefault();
        setSearchOpen(true);
        searchInput.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  // ---- jump to a reply's original, loading older pages until it is there ----
  const pendingJump = useRef<{ key: string; pages: number } | null>(null);
  const [jumpRequest, setJumpRequest] = useState(0);
  const [flashKey, setFlashKey] = useState<string | null>(null);
  const jumpTo = useCallback((messageKey: string) => {
    pendingJump.current = { key: messageKey, pages: 0 };
    setJumpRequest((n) => n + 1);
  }, []);
  useEffect(() => {
    const jump = pendingJump.current;
    if (!jump || loadingOlder) return;
    if (rows.some((r) => r.key === jump.key)) {
      pendingJump.current = null;
      scrollToMessage(jump.key);
      // After the scroll has rendered the row: it flashes, then settles.
      requestAnimationFrame(() => {
        setFlashKey(jump.key);
        setTimeout(() => {
          setFlashKey((key) => (key === jump.key ? null : key));
        }, FLASH_MS);
      });
      return;
    }
    if (reachedFirst || jump.pages >= JUMP_MAX_PAGES) {
      pendingJump.current = null;
      void notify.info(t("chatRoom.message.originalGone"));
      return;
    }
    jump.pages += 1;
    void loadOlder();
  }, [
    rows,
    reachedFirst,
    loadingOlder,
    jumpRequest,
    scrollToMessage,
    loadOlder,
    notify,
    t,
  ]);

  // ---- history paging and scroll position ----
  const newestKey = useRef<string | null>(null);
  useEffect(() => {
    newestKey.current = messages.at(-1)?.key ?? null;
  });
  const onPosition = useCallback(
    (position: { nearTop: boolean; nearBottom: boolean }) => {
      nearBottom.current = position.nearBottom;
      nearTop.current = position.nearTop;
      if (position.nearBottom) setToast(null);
      if (position.nearTop) void loadOlder();
      // Opened at an older message: scrolling down loads on towards the newest.
      if (position.nearBottom && newestKey.current !== null)
        void loadNewer(newestKey.current);
    },
    [loadOlder, loadNewer],
  );
  const lastRow = rows.at(-1);
  const lastIsOwn = lastRow?.kind === "message" && lastRow.own;
  // While loading forward from an older message, appended pages must not pull the view down to their end.
  const shouldFollow = () =>
    reachedLastRef.current && (nearBottom.current || lastIsOwn);

  // ---- reply, send, delete, long messages ----
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [full, setFull] = useState<{
    text: string | null;
    failed: boolean;
  } | null>(null);
  const send = async (
    text: string,
    target: ReplyTarget | null,
    mentions: readonly string[],
  ) => {
    try {
      if (target)
        await sendReply({
          roomName,
          text,
          mentions: [...mentions],
          replyTitle: target.senderName,
          replyText: quoteForReply(target.text),
          replyTime: target.messageKey,
        });
      else await sendMessage({ roomName, text, mentions: [...mentions] });
      setReplyTo(null);
    } catch (err) {
      void notify.error(t("chatRoom.send.failed"));
      throw err;
    }
  };
  const confirmDelete = (message: RoomMessage) => {
    const allowed = checkDeleteWindow(Number(message.key), now());
    if (!allowed.ok) {
      modal.warning({
        title: t("common.alert.title"),
        content: t(allowed.code),
        okText: t("common.button.confirm"),
      });
      return;
    }
    modal.confirm({
      title: t("chatRoom.delete.title"),
      content: t("chatRoom.delete.confirm"),
      okText: t("chatRoom.menu.delete"),
      okButtonProps: { danger: true },
      cancelText: t("common.button.cancel"),
      onOk: async () => {
        try {
          await deleteMessage({ roomName, messageKey: message.key });
          showDeleted(message.key);
        } catch {
          modal.warning({
            title: t("common.alert.title"),
            content: t("chatRoom.delete.failed"),
            okText: t("common.button.confirm"),
          });
        }
      },
    });
  };
  const confirmDeleteRef = useRef(confirmDelete);
  useEffect(() => {
    confirmDeleteRef.current = confirmDelete;
  });
  const onMenu = useCallback(
    (item: MessageMenuItem, message: RoomMessage, body: HTMLElement | null) => {
      switch (item) {
        case "selectAll":
          if (body) window.getSelection()?.selectAllChildren(body);
          return;
        case "copy":
          void copyText(messageText(message));
          return;
        case "reply":
          setReplyTo({
            messageKey: message.key,
            senderName: nameOfRef.current(message.senderJid, message),
            text: messageText(message),
          });
          return;
        case "delete":
          confirmDeleteRef.current(message);
          return;
      }
    },
    [],
  );
  const onSeeAll = useCallback(
    (message: RoomMessage) => {
      setFull({ text: null, failed: false });
      void (async () => {
        try {
          const answer = await getFull({
            roomName,
            messageKey: message.key,
            senderJid: message.senderJid,
          });
          setFull((f) => (f ? { text: answer.text, failed: false } : f));
        } catch {
          setFull((f) => (f ? { text: null, failed: true } : f));
        }
      })();
    },
    [getFull, roomName],
  );
  const toggleAlarm = async () => {
    if (!room) return;
    const on = !room.alarmOn;
    setAlarmOn(on);
    try {
      setAlarmOn((await setAlarm({ roomName, on })).on);
    } catch {
      setAlarmOn(!on);
      void notify.error(t("chatRoom.header.alarmFailed"));
    }
  };

  if (status === "failed")
    return (
      <main className="moa-room moa-room--empty">
        <Alert type="error" showIcon title={t("chatRoom.page.unavailable")} />
      </main>
    );
  if (!room || status === "loading")
    return (
      <main
        className="moa-room moa-room--empty"
        aria-busy="true"
        aria-label={t("chatRoom.page.loading")}
      >
        <Spin />
      </main>
    );
  const news = room.roomType === ROOM_TYPES.news;
  return (
    <main className="moa-room" aria-label={room.title} style={view.rootStyle}>
      <RoomHeader
        room={room}
        searchOpen={searchOpen}
        onToggleSearch={() => {
          if (searchOpen) closeSearch();
          else setSearchOpen(true);
        }}
        onToggleAlarm={() => void toggleAlarm()}
      />
      {searchOpen ? (
        <SearchBar
          inputRef={searchInput}
          query={query}
          onQueryChange={(next) => {
            setQuery(next);
            selectHit(
              findHits(messages, buildSearchPattern(next)).at(-1) ?? null,
            );
          }}
          current={currentIndex}
          total={hits.length}
          onStep={step}
          onClose={closeSearch}
          canSearchOlder={canSearchOlder}
          searchingOlder={searchingOlder}
        />
      ) : null}
      <FileDropArea>
        <div className="moa-room__body">
          {loadingOlder ? (
            <div
              className="moa-room__loading"
              role="status"
              aria-label={t("chatRoom.list.loadingOlder")}
            >
              <Spin size="small" />
            </div>
          ) : null}
          <MessageList
            // Replacing the list with the history around a message starts the view anew, at that message.
            key={state.generation}
            listRef={list}
            rows={rows}
            firstItemIndex={firstItemIndex}
            members={readState}
            hits={hitMap}
            currentHit={currentHit}
            flashKey={flashKey}
            foundKey={state.foundKey}
            nameOf={nameOf}
            me={me}
            offsetMinutes={offsetMinutes}
            onOpenSender={setCardJid}
            shouldFollow={shouldFollow}
            onPosition={onPosition}
            onStartReached={() => void loadOlder()}
            onEndReached={() => {
              const newest = messages.at(-1);
              if (newest) void loadNewer(newest.key);
            }}
            onMenu={onMenu}
            onJumpTo={jumpTo}
            onSeeAll={onSeeAll}
          />
          {cardJid ? (
            <RoomUserCard
              jid={cardJid}
              presence={
                members.find((m) => m.jid === cardJid)?.presence ?? "off"
              }
              onClose={() => {
                setCardJid(null);
              }}
            />
          ) : null}
          {toast ? (
            <NewMessageToast
              count={toast.count}
              preview={toast.preview}
              expiresAt={toast.expiresAt}
              onExpire={hideToast}
              onShow={() => {
                setToast(null);
                list.current?.scrollToIndex({
                  index: rows.length - 1,
                  align: "end",
                });
              }}
            />
          ) : null}
        </div>
      </FileDropArea>
      {news ? null : (
        <Composer
          roomType={room.roomType}
          members={members
            .filter((m) => m.jid !== ownJid && m.affiliation !== "none")
            .map((m) => ({
              jid: m.jid,
              name: m.name,
              detail: [m.position, m.deptName].filter(Boolean).join(" · "),
            }))}
          replyTo={replyTo}
          onCancelReply={() => {
            setReplyTo(null);
          }}
          onJumpToReply={jumpTo}
          onSend={send}
          onAttachFiles={uploads.pick}
          onPasteImage={uploads.pasteImage}
          {...(openWebhard ? { onOpenWebhard: openWebhard } : {})}
          disabled={network === "fail"}
          toolbarExtra={<RoomViewControls view={view} />}
        />
      )}
      {full ? (
        <LongMessageDialog
          text={full.text}
          failed={full.failed}
          onClose={() => {
            setFull(null);
          }}
        />
      ) : null}
    </main>
  );
}
