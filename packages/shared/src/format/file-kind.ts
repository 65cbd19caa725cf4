/** File type classes of spec §3 (xls, img, ppt, doc, txt, pdf, zip, hwp, other), chosen by a file name's extension. */

/** The file type classes, each shown with its own icon. */
export const FILE_KINDS = [
  "xls",
  "img",
  "ppt",
  "doc",
  "txt",
  "pdf",
  "zip",
  "hwp",
  "other",
] as const;

/** A file type class. */
export type FileKind = (typeof FILE_KINDS)[number];

const EXTENSIONS: Readonly<Record<Exclude<FileKind, "other">, string[]>> = {
  xls: ["xls", "xlsx", "xlsm", "xlsb", "csv", "ods", "cell", "nxl"],
  img: [
    "jpg",
    "jpeg",
    "png",
    "gif",
    "bmp",
    "webp",
    "svg",
    "tif",
    "tiff",
    "heic",
    "ico",
  ],
  ppt: ["ppt", "pptx", "pps", "ppsx", "pot", "potx", "odp", "show", "nxp"],
  doc: ["doc", "docx", "dot", "dotx", "rtf", "odt"],
  txt: ["txt", "log", "md"],
  pdf: ["pdf"],
  zip: ["zip", "7z", "rar", "tar", "gz", "tgz", "bz2", "xz", "alz", "egg"],
  hwp: ["hwp", "hwpx", "hwt"],
};

const KIND_BY_EXTENSION: ReadonlyMap<string, FileKind> = new Map(
  Object.entries(EXTENSIONS).flatMap(([kind, extensions]) =>
    extensions.map((ext) => [ext, kind as FileKind] as const),
  ),
);

/**
 * The extension of a file name: the part after the last dot, lower-cased.
 * @param fileName - e.g. `보고서.HWP`.
 * @returns e.g. `hwp`; "" when the name has no extension (no dot, or only a leading one as in `.profile`).
 */
export function fileExtensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The type class of a file, for its icon.
 * @param fileName - the file name as sent.
 * @returns the class of its extension; `other` for unknown or missing extensions.
 */
export function fileKindOf(fileName: string): FileKind {
  return KIND_BY_EXTENSION.get(fileExtensionOf(fileName)) ?? "other";
}
