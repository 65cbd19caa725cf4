/**
 * Seeds the demo company's workplace data (after the demo org exists): the documented demo integration key,
 * plausible badge counts, notices (one popup), a vacation promotion, absences, friend groups and a webhard tree.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/database.js";
import { FriendsRepository } from "../../db/repositories/friends.repository.js";
import { GroupwareRepository } from "../../db/repositories/groupware.repository.js";
import {
  CompaniesRepository,
  type Company,
} from "../../db/repositories/companies.repository.js";
import type { UsersRepository } from "../../db/repositories/users.repository.js";
import { WebhardRepository } from "../../db/repositories/webhard.repository.js";
import type { FileStorage } from "../../storage/file-storage.js";
import { IntegrationService } from "./integration.service.js";

/** The demo company's integration key (docs/integration.md). Demo data only: never use a fixed key elsewhere. */
export const DEMO_INTEGRATION_KEY =
  "moa_ik_demo_groupware_key_for_local_testing";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo workplace data.
 * @param deps database, users repository, clock and file storage.
 * @param company the demo company.
 * @param mainLoginId the account shown to people trying the demo.
 */
export async function seedDemoWorkplace(
  deps: { db: Db; users: UsersRepository; clock: Clock; storage: FileStorage },
  company: Company,
  mainLoginId: string,
): Promise<void> {
  const groupware = new GroupwareRepository(deps.db);
  const integration = new IntegrationService(
    groupware,
    deps.users,
    new CompaniesRepository(deps.db),
    { toUser: () => undefined },
    deps.clock,
  );
  await integration.installKey(company.id, DEMO_INTEGRATION_KEY);
  await groupware.updateSettings(company.id, {
    groupwareUrl: `https://gw.${company.domain}`,
    workName: "시차출퇴근 A",
    workStart: "0900",
    workEnd: "1800",
  });
  const caller = { companyId: company.id };
  const now = deps.clock();
  const users = await deps.users.listActiveByCompany(company.id);
  // Deterministic, varied counts: some people have nothing waiting, a few have a lot.
  for (const [i, u] of users.entries()) {
    const counts =
      u.loginId === mainLoginId
        ? {
            mail: 12,
            note: 3,
            apr: 2,
            sch: 1,
            todo: 4,
            frndreq: 0,
            msg: 0,
            webfax: 1,
          }
        : {
            mail: (i * 7) % 23,
            note: (i * 3) % 5,
            apr: i % 4,
            sch: i % 3,
            todo: (i * 5) % 7,
            frndreq: 0,
            msg: 0,
            webfax: i % 6 === 0 ? 1 : 0,
          };
    await groupware.setCounts(
      u.id,
      u.freeUser ? { ...counts, mail: 0 } : counts,
      now,
    );
  }
  await integration.upsertNotice(caller, {
    brdSeq: "demo-1",
    title: "[공지] 정보보안 교육 이수 안내 (이번 주 금요일까지)",
    content:
      "전 직원은 이번 주 금요일까지 사내 교육 포털에서 정보보안 교육을 이수해 주세요.",
    popup: true,
    startsAt: new Date(now.getTime() - DAY_MS),
    endsAt: new Date(now.getTime() + 30 * DAY_MS),
  });
  await integration.upsertNotice(caller, {
    brdSeq: "demo-2",
    title: "사내 메신저 Moa 정식 오픈",
    content:
      "Moa에서 채팅, 조직도, 근태, 인터넷 전화를 한 곳에서 사용할 수 있습니다.",
    popup: false,
    startsAt: new Date(now.getTime() - 2 * DAY_MS),
    endsAt: new Date(now.getTime() + 30 * DAY_MS),
  });
  await integration.setVacationPromotion(caller, mainLoginId, {
    paidLeaveUsagePlan: true,
    paidLeaveDesignation: false,
    refusalAcceptWork: {
      rejectNoticeConfig: { viewTrgCd: "ALL" },
      desgUsedDay: 5,
    },
  });
  const others = users.filter((u) => u.loginId !== mainLoginId);
  for (const [i, u] of others.slice(0, 12).entries())
    await groupware.setAbsence(
      u.id,
      ["vacation", "businessTrip", "education", "halfDay"][i % 4] ?? "vacation",
      now,
    );
  const main = users.find((u) => u.loginId === mainLoginId);
  await seedDemoWebhard(deps, company.id, main?.id ?? null);
  if (main) {
    const friends = new FriendsRepository(deps.db);
    const team = await friends.createGroup(main.id, "우리 팀");
    const peers = await friends.createGroup(main.id, "입사 동기");
    const sameDept = others
      .filter((u) => u.departmentId === main.departmentId)
      .slice(0, 4);
    const elsewhere = others
      .filter((u) => u.departmentId !== main.departmentId)
      .slice(0, 3);
    await friends.addFriends(main.id, [
      ...sameDept.map((u) => ({ friendId: u.id, groupId: team.id })),
      ...elsewhere.map((u) => ({ friendId: u.id, groupId: peers.id })),
    ]);
  }
}

/**
 * A small, believable webhard tree; file bodies are short text so the demo data dir stays tiny. The shared folder
 * holds more downloadable files than one send may link, and a sub-folder.
 */
async function seedDemoWebhard(
  deps: { db: Db; clock: Clock; storage: FileStorage },
  companyId: number,
  ownerId: number | null,
) {
  const repo = new WebhardRepository(deps.db);
  const now = deps.clock();
  const shared = await repo.createFolder(companyId, null, "공용 문서");
  const plans = await repo.createFolder(companyId, shared.id, "2025 사업계획");
  const design = await repo.createFolder(companyId, null, "디자인 자료");
  const guest = await repo.createFolder(companyId, null, "게스트 공유", 4);
  const files: [number | null, string, number][] = [
    [shared.id, "회사 소개서.pdf", 0],
    [shared.id, "경비 정산 양식.xlsx", 0],
    [shared.id, "인사 평가 기준(관리자용).docx", 1],
    [plans.id, "2025 사업계획서 v3.pptx", 0],
    [plans.id, "분기별 예산.xlsx", 0],
    [design.id, "로고 가이드.zip", 0],
    [guest.id, "협력사 안내문.hwp", 0],
    [null, "README.txt", 0],
    // A year of meeting minutes: more files in one folder than one send may link (spec §9, 20).
    ...Array.from({ length: 24 }, (_, i): [number, string, number] => [
      shared.id,
      `주간 회의록 ${String(i + 1).padStart(2, "0")}주차.docx`,
      0,
    ]),
  ];
  for (const [folderId, name, roleDownload] of files) {
    const body = Buffer.from(
      `${name}\n모아테크 데모 웹하드 파일입니다.\n`,
      "utf8",
    );
    const pending = await deps.storage.write(
      `webhard/${companyId}/${randomUUID()}`,
      Readable.from([body]),
    );
    await pending.commit();
    await repo.addFile(
      companyId,
      {
        folderId,
        ownerId,
        name,
        size: pending.size,
        storageKey: pending.key,
        roleDownload,
      },
      now,
    );
  }
}
