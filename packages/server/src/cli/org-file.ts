/**
 * Reads org chart files for `moa org import`. JSON: `{ departments: [...], users: [...] }` as in docs/auth.md.
 * CSV: one row per user with its department (key, name, parent key); rows without a login id only define a
 * department. Both are validated here, at the edge; a bad row is reported with its line.
 */
import { parse } from "csv-parse/sync";
import { z } from "zod";
import type { OrgImport } from "../services/directory/directory.service.js";

const yn = z
  .union([z.boolean(), z.string()])
  .transform(
    (v) =>
      v === true ||
      (typeof v === "string" && /^(y|yes|true|1)$/i.test(v.trim())),
  );

const text = (max: number) => z.string().trim().max(max);

const departmentSchema = z.object({
  key: text(100).min(1),
  name: text(100).min(1),
  parentKey: text(100).nullish(),
  order: z.coerce.number().int().optional(),
  isVirtual: yn.optional(),
});

const userSchema = z.object({
  loginId: text(100).min(1),
  name: text(100).min(1),
  deptKey: text(100).nullish(),
  order: z.coerce.number().int().optional(),
  position: text(50).optional(),
  title: text(50).optional(),
  email: text(200).optional(),
  mobile: text(30).optional(),
  phone: text(30).optional(),
  extension: text(10).optional(),
  nickname: text(21).optional(),
  jobDescription: text(200).optional(),
  freeUser: yn.optional(),
  centrexUser: yn.optional(),
  smsUse: yn.optional(),
  password: z.string().min(1).max(128).optional(),
});

const orgSchema = z.object({
  departments: z.array(departmentSchema).default([]),
  users: z.array(userSchema).default([]),
});

/** An org file that failed validation; `issues` name the rows and fields. */
export class OrgFileError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid org file:\n  ${issues.join("\n  ")}`);
    this.name = "OrgFileError";
  }
}

/** Drops absent and empty fields, so an empty CSV cell leaves the stored value alone. */
const strip = <T extends object>(o: T) =>
  Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== ""),
  ) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

function validate(
  data: unknown,
  rowLabel: (path: PropertyKey[]) => string,
): OrgImport {
  const parsed = orgSchema.safeParse(data);
  if (!parsed.success)
    throw new OrgFileError(
      parsed.error.issues.map((i) => `${rowLabel(i.path)}: ${i.message}`),
    );
  const seen = new Set<string>();
  const dupes = parsed.data.users
    .map((u) => u.loginId.toLowerCase())
    .filter((id) => seen.size === seen.add(id).size);
  if (dupes.length)
    throw new OrgFileError(dupes.map((d) => `duplicate login id ${d}`));
  return {
    departments: parsed.data.departments.map((d) => strip(d)),
    users: parsed.data.users.map((u) => strip(u)),
  };
}

/**
 * Parses a JSON org file.
 * @param source the file's text.
 * @returns the org to import.
 * @throws OrgFileError on malformed JSON or invalid entries.
 */
export function parseOrgJson(source: string): OrgImport {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    throw new OrgFileError([`not JSON: ${(err as Error).message}`]);
  }
  return validate(data, (path) => path.join("."));
}

type CsvRow = Record<string, string>;

/**
 * Parses a CSV org file with a header row. Columns: loginId, name, deptKey, deptName, parentDeptKey, position,
 * title, email, mobile, phone, extension, nickname, jobDescription, freeUser, centrexUser, smsUse, password, order.
 * @param source the file's text (UTF-8, optional BOM).
 * @returns the org to import.
 * @throws OrgFileError on malformed CSV or invalid rows (with their line numbers).
 */
export function parseOrgCsv(source: string): OrgImport {
  let rows: CsvRow[];
  try {
    rows = parse<CsvRow>(source, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (err) {
    throw new OrgFileError([(err as Error).message]);
  }
  const departments = new Map<string, z.input<typeof departmentSchema>>();
  const users: CsvRow[] = [];
  const userLines: number[] = [];
  rows.forEach((row, i) => {
    const key = row.deptKey ?? "";
    if (key && !departments.has(key))
      departments.set(key, {
        key,
        name: row.deptName || key,
        parentKey: row.parentDeptKey || null,
      });
    if (row.loginId) {
      const { deptName: _n, parentDeptKey: _p, ...user } = row;
      users.push(strip(user));
      userLines.push(i + 2);
    }
  });
  return validate({ departments: [...departments.values()], users }, (path) =>
    path[0] === "users"
      ? `line ${userLines[Number(path[1])] ?? "?"} ${String(path[2] ?? "")}`
      : path.join("."),
  );
}
