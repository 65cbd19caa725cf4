/** The icon of a file type class (spec §3: xls, img, ppt, doc, txt, pdf, zip, hwp, other), named for screen readers. */
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from "@ant-design/icons";
import type { FileKind } from "@moa/shared";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";

type IconProps = { className?: string; "aria-label"?: string };

const ICONS: Record<FileKind, ComponentType<IconProps>> = {
  xls: FileExcelOutlined,
  img: FileImageOutlined,
  ppt: FilePptOutlined,
  doc: FileWordOutlined,
  txt: FileTextOutlined,
  pdf: FilePdfOutlined,
  zip: FileZipOutlined,
  // No stock icon for Hangul documents: a text page in the hwp colour (files.css).
  hwp: FileTextOutlined,
  other: FileOutlined,
};

export function FileKindIcon({ kind }: { kind: FileKind }) {
  const { t } = useTranslation();
  const Icon = ICONS[kind];
  return (
    <Icon
      className={`moa-file-icon moa-file-icon--${kind}`}
      aria-label={t(`files.kind.${kind}`)}
    />
  );
}
