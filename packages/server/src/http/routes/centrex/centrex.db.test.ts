import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus } from "../../../bus/memory-bus.js";
import type { Company } from "../../../db/repositories/companies.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";
import type { PhoneProvider } from "../../../services/centrex/phone-provider.js";
import {
  apiClient,
  issueIntegrationKey,
  recordPushes,
} from "../../../testing/workplace.js";

const bus = createMemoryBus();
let server: TestServer;
let company: Company;

beforeAll(async () => {
  server = await createTestServer({}, { chatBus: bus });
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});

async function phoneUser(
  overrides: Parameters<typeof createUser>[2] = {},
  co = company,
) {
  const user = await createUser(server.database.db, co, {
    centrexUser: true,
    ...overrides,
  });
  const api = apiClient(server.url, (await loginAs(server, user)).accessToken);
  const rt = async (path: string, body?: unknown) =>
    (await api("POST", `/api/v1/centrex/${path}`, body ?? {})).body.svc_rt;
  return { user, api, rt };
}

describe("simulated PBX line", () => {
  it("goes NO_CHANNEL → call → hold → release → hang-up with the real result codes", async () => {
    const { api, rt } = await phoneUser();
    expect((await api("POST", "/api/v1/centrex/crxUserYn")).body).toEqual({
      ErrorCode: "00",
      crxUserYn: "Y",
      isUse: "Y",
    });
    expect(await rt("phoneStatus")).toBe("4004");
    expect(await rt("callHoldStart")).toBe("4004");
    expect(await rt("singCall", { callNumber: "010-1234-5678" })).toBe("0000");
    expect(await rt("phoneStatus")).toBe("0000");
    expect(await rt("singCall", { callNumber: "01099998888" })).toBe("3001");
    expect(await rt("callHoldStop")).toBe("3001");
    expect(await rt("callHoldStart")).toBe("0000");
    expect(await rt("callHoldStart")).toBe("3001");
    expect(await rt("callHoldStop")).toBe("0000");
    expect(await rt("callStop")).toBe("0000");
    expect(await rt("phoneStatus")).toBe("4004");
    expect(await rt("callStop")).toBe("4004");
  });

  it("answers PARAM_ERR for missing or bad numbers and group calls over 6", async () => {
    const { rt } = await phoneUser();
    expect(await rt("singCall", { callNumber: "" })).toBe("1002");
    expect(await rt("singCall", { callNumber: "010-12ab" })).toBe("1002");
    expect(await rt("singCall", { callNumber: "0101,0102" })).toBe("1002");
    const seven = Array.from({ length: 7 }, (_, i) => `0101234000${i}`).join(
      ",",
    );
    expect(await rt("groupCall", { callNumber: seven })).toBe("1002");
    expect(await rt("phoneStatus")).toBe("4004");
    expect(
      await rt("groupCall", {
        callNumber: seven.split(",").slice(0, 6).join(","),
      }),
    ).toBe("0000");
    expect(await rt("callStop")).toBe("0000");
  });

  it("keeps each user's line separate", async () => {
    const a = await phoneUser();
    const b = await phoneUser();
    expect(await a.rt("singCall", { callNumber: "1588-1234" })).toBe("0000");
    expect(await b.rt("phoneStatus")).toBe("4004");
    expect(await b.rt("callStop")).toBe("4004");
    expect(await a.rt("callStop")).toBe("0000");
  });

  it("answers NO_PERM to users without the phone, free users and companies without the menu", async () => {
    const notSet = await phoneUser({ centrexUser: false });
    expect(
      (await notSet.api("POST", "/api/v1/centrex/crxUserYn")).body,
    ).toMatchObject({ crxUserYn: "N", isUse: "Y" });
    expect(await notSet.rt("singCall", { callNumber: "01012345678" })).toBe(
      "2002",
    );
    const free = await phoneUser({ freeUser: true });
    expect(
      (await free.api("POST", "/api/v1/centrex/crxUserYn")).body,
    ).toMatchObject({ crxUserYn: "N", isUse: "N" });
    expect(await free.rt("phoneStatus")).toBe("2002");
    const co = await createCompany(server.database.db, {
      menuConfig: { centrexUsed: false },
    });
    const off = await phoneUser({}, co);
    expect(await off.rt("singCall", { callNumber: "01012345678" })).toBe(
      "2002",
    );
    expect((await off.api("POST", "/api/v1/centrex/reCall")).body).toEqual({
      ErrorCode: "00",
      recall_list: [],
    });
  });
});

describe("line rules the server keeps whatever the exchange allows", () => {
  // An exchange adapter that would dial over a busy line and hold an idle one: the service still refuses both.
  const lenient: PhoneProvider = {
    status: (line) =>
      Promise.resolve(busy.has(line.userId) ? "SUCCESS" : "NO_CHANNEL"),
    call: (line) => {
      busy.add(line.userId);
      return Promise.resolve("SUCCESS");
    },
    hold: () => Promise.resolve("SUCCESS"),
    resume: () => Promise.resolve("SUCCESS"),
    hangUp: (line) => {
      busy.delete(line.userId);
      return Promise.resolve("SUCCESS");
    },
  };
  const busy = new Set<number>();
  let lenientServer: TestServer;
  beforeAll(async () => {
    lenientServer = await createTestServer(
      {},
      { workplace: { phone: lenient } },
    );
  });
  afterAll(async () => {
    await lenientServer.close();
  });

  it("refuses a second call while one is active (IP.A.013) and hold without a call (IP.A.014)", async () => {
    const co = await createCompany(lenientServer.database.db);
    const user = await createUser(lenientServer.database.db, co, {
      centrexUser: true,
    });
    const api = apiClient(
      lenientServer.url,
      (await loginAs(lenientServer, user)).accessToken,
    );
    const rt = async (path: string, body?: unknown) =>
      (await api("POST", `/api/v1/centrex/${path}`, body ?? {})).body.svc_rt;
    expect(await rt("callHoldStart")).toBe("4004");
    expect(await rt("singCall", { callNumber: "01012345678" })).toBe("0000");
    expect(await rt("singCall", { callNumber: "01099998888" })).toBe("3001");
    expect(
      await rt("groupCall", { callNumber: "01011112222,01033334444" }),
    ).toBe("3001");
    expect(await rt("callHoldStart")).toBe("0000");
    expect(await rt("callStop")).toBe("0000");
    expect(await rt("callHoldStart")).toBe("4004");
  });
});

describe("call logs", () => {
  it("records single and group logs and lists distinct recent numbers for redial, only the caller's", async () => {
    const { api, rt } = await phoneUser();
    const log = (recPhone: string, recUsrName: string) => ({
      recType: "OUT",
      recUsrKey: "",
      recUsrName,
      recPhone,
      crxCallType: "S",
    });
    expect(await rt("insertLog", log("010-1111-2222", "김민수"))).toBe("0000");
    expect(
      await rt("insertGroupLogs", {
        centrexList: [
          log("0103334444", "이민정"),
          log("01055556666", "박지훈"),
        ],
      }),
    ).toBe("0000");
    expect(await rt("insertLog", log("01011112222", "김민수"))).toBe("0000");
    const recall = (await api("POST", "/api/v1/centrex/reCall")).body
      .recall_list as { recPhone: string }[];
    expect(recall.map((r) => r.recPhone)).toEqual([
      "01011112222",
      "01055556666",
      "0103334444",
    ]);
    const tooMany = await api("POST", "/api/v1/centrex/insertGroupLogs", {
      centrexList: Array.from({ length: 7 }, (_, i) =>
        log(`0100000000${i}`, "x"),
      ),
    });
    expect(tooMany.status).toBe(400);
    const other = await phoneUser();
    expect((await other.api("POST", "/api/v1/centrex/reCall")).body).toEqual({
      ErrorCode: "00",
      recall_list: [],
    });
  });
});

describe("incoming calls", () => {
  it("lets the simulated PBX ring a user over the chat connection, with the caller's card when known", async () => {
    const { user } = await phoneUser();
    const caller = await createUser(server.database.db, company, {
      mobile: "010-4321-8765",
    });
    const pushes = recordPushes(bus, user.id);
    const gw = apiClient(
      server.url,
      await issueIntegrationKey(server.database.db, company.id),
    );
    const rang = await gw("POST", "/integration/v1/centrex/incoming", {
      loginId: user.loginId,
      callNumber: "010-4321-8765",
    });
    expect(rang.body).toEqual({ ErrorCode: "00" });
    expect(await pushes.next("incomingCall")).toEqual({
      callNumber: "01043218765",
      usrInfo: { id: caller.loginId, company: company.name, name: caller.name },
    });
    pushes.stop();
  });
});
