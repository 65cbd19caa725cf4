/** Seeds the demo company into an empty database (npm start on a fresh data dir). */
import type {
  DirectoryService,
  ImportSummary,
} from "../directory/directory.service.js";
import {
  buildDemoOrg,
  DEMO_ACCOUNTS,
  DEMO_COMPANY_NAME,
  DEMO_DOMAIN,
  DEMO_PASSWORD,
} from "./demo-org.js";

export type DemoSeedSummary = ImportSummary & {
  domain: string;
  password: string;
  accounts: typeof DEMO_ACCOUNTS;
};

/**
 * Creates the demo company with its org chart and special accounts.
 * @param directory the directory service.
 * @returns what was created and the logins to try.
 */
export async function seedDemo(
  directory: DirectoryService,
): Promise<DemoSeedSummary> {
  const company = await directory.createCompany({
    domain: DEMO_DOMAIN,
    name: DEMO_COMPANY_NAME,
    xmppDomain: "chat.moa.test",
    orgUrl: "demo",
    virtUseYn: true,
    features: { attendance: true, sms: true },
  });
  const org = buildDemoOrg();
  const summary = await directory.importOrg(company, org);
  // Locked as if by five wrong passwords, so unlocking it with the CLI can be tried.
  await directory.updateUser(company, DEMO_ACCOUNTS.locked, { locked: true });
  return {
    ...summary,
    domain: DEMO_DOMAIN,
    password: DEMO_PASSWORD,
    accounts: DEMO_ACCOUNTS,
  };
}
