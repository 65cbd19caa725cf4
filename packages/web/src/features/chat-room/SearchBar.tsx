/**
 * The in-room search bar (spec §2.11, Ctrl+F): the typed text is matched as it is typed; previous goes to the older
 * match and next to the newer one, wrapping around; Enter is previous (searching back in time), Shift+Enter next,
 * Escape closes. Previous from the oldest loaded match asks the server for older ones (issue #18).
 */
import { CloseOutlined, DownOutlined, UpOutlined } from "@ant-design/icons";
import { Button, Input, type InputRef } from "antd";
import { useEffect, type RefObject } from "react";
import { useTranslation } from "react-i18next";

type SearchBarProps = {
  inputRef: RefObject<InputRef | null>;
  query: string;
  onQueryChange: (query: string) => void;
  /** Index of the current match, -1 when none. */
  current: number;
  total: number;
  onStep: (direction: "next" | "previous") => void;
  onClose: () => void;
  /** History older than the loaded pages may hold matches: previous stays available. */
  canSearchOlder: boolean;
  /** The server is being asked for older matches. */
  searchingOlder: boolean;
};

export function SearchBar({
  inputRef,
  query,
  onQueryChange,
  current,
  total,
  onStep,
  onClose,
  canSearchOlder,
  searchingOlder,
}: SearchBarProps) {
  const { t } = useTranslation();
  const blank = query.trim() === "";
  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);
  return (
    <div role="search" className="moa-room__search">
      <Input
        ref={inputRef}
        size="small"
        aria-label={t("chatRoom.search.input")}
        placeholder={t("chatRoom.search.placeholder")}
        value={query}
        onChange={(e) => {
          onQueryChange(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onStep(e.shiftKey ? "next" : "previous");
          } else if (e.key === "Escape") {
            e.preventDefault();
            onClose();
          }
        }}
      />
      <span className="moa-room__search-count" role="status">
        {blank
          ? ""
          : searchingOlder
            ? t("messageSearch.loading")
            : total === 0
              ? t("chatRoom.search.noMatch")
              : t("chatRoom.search.position", {
                  current: current + 1,
                  total,
                })}
      </span>
      <Button
        size="small"
        type="text"
        aria-label={t("chatRoom.search.previous")}
        icon={<UpOutlined />}
        disabled={
          (total === 0 && !(canSearchOlder && !blank)) || searchingOlder
        }
        onClick={() => {
          onStep("previous");
        }}
      />
      <Button
        size="small"
        type="text"
        aria-label={t("chatRoom.search.next")}
        icon={<DownOutlined />}
        disabled={total === 0}
        onClick={() => {
          onStep("next");
        }}
      />
      <Button
        size="small"
        type="text"
        aria-label={t("chatRoom.search.close")}
        icon={<CloseOutlined />}
        onClick={onClose}
      />
    </div>
  );
}
