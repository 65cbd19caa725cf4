/** Token renewal and the MSG_01 nickname change over the chat connection. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_MOA_USER, NS_PING } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  domainOf,
  errorOf,
  type ChatUser,
} from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";

let server: TestServer;
let user: ChatUser;
let pc: RawClient;
let mobile: RawClient;

beforeAll(async () => {
  server = await createTestServer();
  [user] = (await chatUsers(server, 1)) as [ChatUser];
  pc = await connect(server, user, "pc-1");
  mobile = await connect(server, user, "mobile-1");
});
afterAll(async () => {
  await Promise.all([pc.close(), mobile.close()]);
  await server.close();
});

it("renews the access token; the new one logs in", async () => {
  const res = await pc.iq("get", `<token xmlns="${NS_MOA_USER}"/>`);
  const token = res.getChild("token", NS_MOA_USER);
  expect(Date.parse(String(token?.attrs.expires))).toBeGreaterThan(Date.now());
  const again = await loginRaw(
    server.url,
    { jid: user.jid, accessToken: token!.getText() },
    "pc-2",
  );
  expect((await again.iq("get", `<ping xmlns="${NS_PING}"/>`)).attrs.type).toBe(
    "result",
  );
  await again.close();
});

it("changes the nickname with MSG_01 and tells the user's other resources; refuses one over 21 characters", async () => {
  const to = domainOf(user.jid);
  pc.send(
    `<message xmlns="jabber:client" to="${to}" id="n1"><body>모아봇</body><x xmlns="${NS_MOA_USER}" type="MSG_01"/></message>`,
  );
  const pushed = await mobile.next(
    (el) => el.getChild("nickname", NS_MOA_USER) !== undefined,
    "nickname",
  );
  expect(pushed.getChildText("nickname", NS_MOA_USER)).toBe("모아봇");
  pc.send(
    `<message xmlns="jabber:client" to="${to}" id="n2"><body>${"가".repeat(22)}</body><x xmlns="${NS_MOA_USER}" type="MSG_01"/></message>`,
  );
  const refused = await pc.next(
    (el) => el.attrs.id === "n2" && el.attrs.type === "error",
    "refusal",
  );
  expect(errorOf(refused)).toMatch(/^not-acceptable\//);
});
