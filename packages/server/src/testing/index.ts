/** Test helpers for integration and e2e tests (`@moa/server/testing`). Never imported by product code. */
export {
  createTestDatabase,
  testDatabaseUrl,
  testRedisUrl,
} from "./test-database.js";
export { createTestServer, type TestServer } from "./test-server.js";
export { until } from "./until.js";
export { loginWhileAccessEnds } from "./session-store-race.js";
export { whileTableLocked } from "./table-lock.js";
export { startServerAtTime, type ServerAtTime } from "./server-at-time.js";
export {
  runCli,
  startServerProcess,
  serverMainPath,
  type ServerProcess,
} from "./server-process.js";
export {
  createBareRoom,
  createCompany,
  createDepartment,
  createUser,
  directoryFor,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  postLogin,
  talkRecord,
  timedTalkRecord,
  TEST_PASSWORD,
  type LoginTokens,
  type TestUser,
} from "./factories.js";
export {
  apiClient,
  createRoomWith,
  issueIntegrationKey,
  recordPushes,
  type PushRecorder,
} from "./workplace.js";
export { SimulatedPbx } from "../services/centrex/simulated-pbx.js";
export { DEMO_INTEGRATION_KEY } from "../services/integration/demo-workplace.js";
