/**
 * A new room's name is prefix, creator's node and creation millisecond (spec §3). On a server whose clock stands still,
 * every room a user creates is made in the same millisecond: each must still get a name of its own.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOM_NAME_PREFIXES, parseJid } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import type { RawClient } from "../testing/raw-client.js";
import {
  chatUsers,
  connect,
  createRoom,
  type ChatUser,
} from "../testing/chat-fixture.js";

const FROZEN = Date.UTC(2026, 11, 7, 9, 0, 0);

let server: TestServer;
let users: ChatUser[];
let a: RawClient;

beforeAll(async () => {
  server = await createTestServer({}, { clock: () => new Date(FROZEN) });
  users = await chatUsers(server, 3);
  a = await connect(server, users[0]!);
});
afterAll(async () => {
  await a.close();
  await server.close();
});

it("gives each room a user creates within one millisecond its own name, in the spec's form", async () => {
  const [, b, c] = users;
  const names = [
    await createRoom(a, 2, [b!]),
    await createRoom(a, 2, [c!]),
    await createRoom(a, 3, [b!, c!]),
    await createRoom(a, 1, [b!]),
    await createRoom(a, 1, [c!]),
  ];
  expect(new Set(names).size).toBe(names.length);
  const node = parseJid(users[0]!.jid)!.local;
  expect(names[0]).toBe(`${ROOM_NAME_PREFIXES[2]}${node}${FROZEN}`);
  for (const name of names) expect(name).toMatch(new RegExp(`${node}\\d{13}$`));
  // The 1:1 room of a pair is still found again, not made twice.
  expect(await createRoom(a, 1, [c!])).toBe(names[4]);
});
