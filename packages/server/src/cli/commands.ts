/**
 * The admin commands behind `npm run moa -- …`: companies, users and org charts. Separate from the entry point
 * so tests run them against a test database.
 */
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { AppError } from "../errors.js";
import { hashPassword } from "../services/auth/password-hasher.js";
import type {
  DirectoryService,
  UserUpdate,
} from "../services/directory/directory.service.js";
import { generateOrg } from "../services/directory/org-generator.js";
import { OrgFileError, parseOrgCsv, parseOrgJson } from "./org-file.js";

export const USAGE = `Usage: npm run moa -- <command> [options]

  company create --domain D --name N [--xmpp-domain X] [--org-url U] [--virt-use Y|N]
  company update --domain D [--name N] [--virt-use Y|N]
  company integration-key --domain D   issue a new groupware integration key (shown once; the old one stops working)
  user add       --domain D --login ID --name N [--password P] [--dept KEY] [profile options]
  user update    --domain D --login ID [--password P] [--dept KEY] [--expired Y|N] [--consent Y|N]
                 [--active Y|N] [--locked Y|N] [profile options]
  user unlock    --domain D --login ID
  org import     FILE.csv|FILE.json --domain D
  org generate   --domain D [--users 20000] [--departments 600] [--password P]

  profile options: --position --title --email --mobile --phone --extension --nickname --job
                   --free Y|N --centrex Y|N --sms Y|N
Database: DATA_DIR or DATABASE_URL, as for the server. While the server runs, the commands run inside it
through its admin socket (DATA_DIR/admin.sock); otherwise directly on the database.`;

const options = {
  domain: { type: "string" },
  name: { type: "string" },
  "xmpp-domain": { type: "string" },
  "org-url": { type: "string" },
  "virt-use": { type: "string" },
  login: { type: "string" },
  password: { type: "string" },
  dept: { type: "string" },
  position: { type: "string" },
  title: { type: "string" },
  email: { type: "string" },
  mobile: { type: "string" },
  phone: { type: "string" },
  extension: { type: "string" },
  nickname: { type: "string" },
  job: { type: "string" },
  free: { type: "string" },
  centrex: { type: "string" },
  sms: { type: "string" },
  expired: { type: "string" },
  consent: { type: "string" },
  active: { type: "string" },
  locked: { type: "string" },
  users: { type: "string" },
  departments: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>["values"];

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

const required = (v: Values, name: keyof Values): string => {
  const value = v[name];
  if (typeof value !== "string" || value === "")
    throw new UsageError(`--${name} is required`);
  return value;
};

const flag = (v: string | undefined, name: string): boolean | undefined => {
  if (v === undefined) return undefined;
  if (/^(y|yes|true|1)$/i.test(v)) return true;
  if (/^(n|no|false|0)$/i.test(v)) return false;
  throw new UsageError(`--${name} takes Y or N`);
};

const count = (
  v: string | undefined,
  name: string,
  fallback: number,
): number => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new UsageError(`--${name} must be a whole number`);
  return n;
};

function profile(v: Values): UserUpdate {
  const u: UserUpdate = {};
  const set = <K extends keyof UserUpdate>(
    k: K,
    value: UserUpdate[K] | undefined,
  ) => {
    if (value !== undefined) u[k] = value;
  };
  set("name", v.name);
  set("position", v.position);
  set("title", v.title);
  set("email", v.email);
  set("mobile", v.mobile);
  set("phone", v.phone);
  set("extension", v.extension);
  set("nickname", v.nickname);
  set("jobDescription", v.job);
  set("freeUser", flag(v.free, "free"));
  set("centrexUser", flag(v.centrex, "centrex"));
  set("smsUse", flag(v.sms, "sms"));
  if (v.dept !== undefined) u.deptKey = v.dept === "" ? null : v.dept;
  return u;
}

/** The services the commands act through. */
export type CommandServices = {
  directory: DirectoryService;
  integrationKeys: { issue(companyId: number): Promise<string> };
};

/**
 * Makes the file argument of `org import` absolute, so the command reads the same file when a running server
 * executes it (its working directory may differ). Arguments that do not parse are left for runCommand to report.
 * @param argv the arguments after `moa`.
 * @param cwd the directory relative paths are relative to.
 * @returns the arguments with that path resolved.
 */
export function withAbsoluteFileArgument(
  argv: readonly string[],
  cwd: string,
): string[] {
  const args = [...argv];
  try {
    const { positionals } = parseArgs({
      args,
      options,
      allowPositionals: true,
      strict: true,
    });
    const [group, action, file] = positionals;
    const at =
      file === undefined ? -1 : args.indexOf(file, args.indexOf("import") + 1);
    if (group === "org" && action === "import" && file && at >= 0)
      args[at] = resolve(cwd, file);
  } catch {
    // runCommand parses again and reports the mistake.
  }
  return args;
}

/**
 * Runs one command.
 * @param argv the arguments after `moa`.
 * @param deps the services and where output lines go.
 * @returns the process exit code (0 ok, 1 failed, 2 usage).
 */
export async function runCommand(
  argv: readonly string[],
  deps: CommandServices & {
    out: (line: string) => void;
    err: (line: string) => void;
  },
): Promise<number> {
  const { directory, integrationKeys, out, err } = deps;
  try {
    const { values: v, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    const [group, action, ...rest] = positionals;
    if (v.help || !group) {
      out(USAGE);
      return v.help ? 0 : 2;
    }
    switch (`${group} ${action ?? ""}`) {
      case "company create": {
        const company = await directory.createCompany({
          domain: required(v, "domain"),
          name: required(v, "name"),
          ...(v["xmpp-domain"] ? { xmppDomain: v["xmpp-domain"] } : {}),
          ...(v["org-url"] ? { orgUrl: v["org-url"] } : {}),
          virtUseYn: flag(v["virt-use"], "virt-use") ?? false,
        });
        out(
          `created company ${company.domain} (corpSeq ${company.id}, orgUrl ${company.orgUrl}, chat ${company.xmppDomain})`,
        );
        return 0;
      }
      case "company update": {
        const company = await directory.requireCompany(required(v, "domain"));
        const virt = flag(v["virt-use"], "virt-use");
        await directory.updateCompany(company, {
          ...(v.name ? { name: v.name } : {}),
          ...(virt === undefined ? {} : { virtUseYn: virt }),
        });
        out(`updated company ${company.domain}`);
        return 0;
      }
      case "company integration-key": {
        const company = await directory.requireCompany(required(v, "domain"));
        out(await integrationKeys.issue(company.id));
        return 0;
      }
      case "user add": {
        const company = await directory.requireCompany(required(v, "domain"));
        const { deptKey, ...fields } = profile(v);
        const user = await directory.addUser(company, {
          ...fields,
          loginId: required(v, "login"),
          name: required(v, "name"),
          ...(deptKey ? { deptKey } : {}),
          ...(v.password ? { password: v.password } : {}),
        });
        out(
          `added ${user.loginId} (userKey ${user.id})${v.password ? "" : "; no password yet: set one with user update"}`,
        );
        return 0;
      }
      case "user update": {
        const company = await directory.requireCompany(required(v, "domain"));
        const update = profile(v);
        const more: UserUpdate = {};
        if (v.password) more.password = v.password;
        const expired = flag(v.expired, "expired");
        const consent = flag(v.consent, "consent");
        const active = flag(v.active, "active");
        const locked = flag(v.locked, "locked");
        if (expired !== undefined) more.passwordExpired = expired;
        if (consent !== undefined) more.privacyConsent = consent;
        if (active !== undefined) more.active = active;
        if (locked !== undefined) more.locked = locked;
        const user = await directory.updateUser(company, required(v, "login"), {
          ...update,
          ...more,
        });
        out(
          `updated ${user.loginId}${v.password ? " (password changed; sessions ended)" : ""}`,
        );
        return 0;
      }
      case "user unlock": {
        const company = await directory.requireCompany(required(v, "domain"));
        await directory.unlockUser(company, required(v, "login"));
        out(`unlocked ${required(v, "login")}`);
        return 0;
      }
      case "org import": {
        const file = rest[0];
        if (!file) throw new UsageError("org import needs a file");
        const company = await directory.requireCompany(required(v, "domain"));
        const source = readFileSync(file, "utf8");
        const ext = extname(file).toLowerCase();
        if (ext !== ".csv" && ext !== ".json")
          throw new UsageError("the file must end in .csv or .json");
        const org = ext === ".csv" ? parseOrgCsv(source) : parseOrgJson(source);
        const s = await directory.importOrg(company, org);
        out(
          `imported ${s.departments} departments; ${s.usersAdded} users added, ${s.usersUpdated} updated`,
        );
        return 0;
      }
      case "org generate": {
        const domain = required(v, "domain");
        const company =
          (await directory.findCompany(domain)) ??
          (await directory.createCompany({
            domain,
            name: v.name ?? "모아그룹",
          }));
        const org = generateOrg({
          users: count(v.users, "users", 20_000),
          departments: count(v.departments, "departments", 600),
          passwordHash: await hashPassword(v.password ?? "moa1234!"),
        });
        const s = await directory.importOrg(company, org);
        out(
          `generated ${s.departments} departments and ${s.usersAdded} users at ${company.domain} (logins u000001…)`,
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${positionals.join(" ")}`);
    }
  } catch (e) {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError &&
        "code" in e &&
        String(e.code).startsWith("ERR_PARSE_ARGS"))
    ) {
      err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof AppError || e instanceof OrgFileError) {
      err(`error: ${e instanceof AppError ? `${e.code}: ` : ""}${e.message}`);
      return 1;
    }
    throw e;
  }
}
