/**
 * The webhard file table (spec §2.10): a parent-folder row below the root, the folder's sub-folders (open on click)
 * and its downloadable files with a checkbox each; columns name, update date and size (floor(size/1000) MB).
 */
import {
  FileOutlined,
  FolderOutlined,
  RollbackOutlined,
} from "@ant-design/icons";
import {
  formatLocalTime,
  formatWebhardSize,
  type WebhardFileData,
} from "@moa/shared";
import { Button, Checkbox, Spin } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FolderListing } from "./use-webhard-folders";

type Props = {
  listing: FolderListing | null;
  loading: boolean;
  /** Below the root: the parent-folder row leads there. */
  parentId: number | null;
  selected: readonly WebhardFileData[];
  onOpenFolder: (folderId: number) => void;
  onToggleFile: (file: WebhardFileData, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
};

export function WebhardFileTable(props: Props) {
  const { t } = useTranslation();
  const { listing, selected } = props;
  const offsetMinutes = useMemo(() => -new Date().getTimezoneOffset(), []);
  const selectedIds = useMemo(
    () => new Set(selected.map((f) => f.id)),
    [selected],
  );
  const files = listing?.files ?? [];
  const allSelected =
    files.length > 0 && files.every((f) => selectedIds.has(f.id));
  const someSelected = files.some((f) => selectedIds.has(f.id));

  return (
    <div className="moa-webhard-table" aria-busy={props.loading}>
      <table aria-label={t("webhard.table.label")}>
        <thead>
          <tr>
            <th scope="col" className="moa-webhard-table__check">
              <Checkbox
                aria-label={t("webhard.table.selectAll")}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                disabled={files.length === 0}
                onChange={() => {
                  // With some files picked the box clears the folder's picks; otherwise it picks them all (a
                  // folder of more than 20 files never becomes "all picked").
                  props.onToggleAll(!someSelected);
                }}
              />
            </th>
            <th scope="col" className="moa-webhard-table__name">
              {t("webhard.table.name")}
            </th>
            <th scope="col">{t("webhard.table.updated")}</th>
            <th scope="col">{t("webhard.table.size")}</th>
          </tr>
        </thead>
        <tbody>
          {props.parentId !== null ? (
            <tr>
              <td />
              <td colSpan={3}>
                <Button
                  type="link"
                  icon={<RollbackOutlined />}
                  aria-label={t("webhard.table.parent")}
                  onClick={() => {
                    if (props.parentId !== null)
                      props.onOpenFolder(props.parentId);
                  }}
                >
                  {t("webhard.table.parent")}
                </Button>
              </td>
            </tr>
          ) : null}
          {(listing?.folders ?? []).map((folder) => (
            <tr key={`folder-${String(folder.id)}`}>
              <td />
              <td colSpan={3}>
                <Button
                  type="link"
                  icon={<FolderOutlined />}
                  aria-label={t("webhard.table.openFolder", {
                    name: folder.name,
                  })}
                  onClick={() => {
                    props.onOpenFolder(folder.id);
                  }}
                >
                  {folder.name}
                </Button>
              </td>
            </tr>
          ))}
          {files.map((file) => (
            <tr key={`file-${String(file.id)}`}>
              <td className="moa-webhard-table__check">
                <Checkbox
                  aria-label={t("webhard.table.selectFile", {
                    name: file.name,
                  })}
                  checked={selectedIds.has(file.id)}
                  onChange={(e) => {
                    props.onToggleFile(file, e.target.checked);
                  }}
                />
              </td>
              <td className="moa-webhard-table__name">
                <FileOutlined aria-hidden="true" /> {file.name}
              </td>
              <td>
                {formatLocalTime(
                  Date.parse(file.updateDate),
                  offsetMinutes,
                  "yyyy-MM-dd HH:mm",
                )}
              </td>
              <td>{formatWebhardSize(file.size)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.loading ? (
        <Spin
          className="moa-webhard-table__spin"
          aria-label={t("webhard.table.loading")}
        />
      ) : null}
    </div>
  );
}
