import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoomError } from '@samurai/shared';
import { randomRoomCode } from '../live-rooms';
import { openStore } from '../store/open-store';
import type { RunningServer } from '../start-server';
import { bootTestServer } from '../test-support/boot';
import { BrowserKeys } from '../test-support/push-service';

/**
 * Web Push's routes at the door (a seat's own subscription is in the round trip,
 * push-round-trip.test.ts in a game's folder): a code that finds no seat costs a look-up as a wrong join
 * does, a foreign page is refused, a large body too, and a server with notifications off says so.
 */

jest.setTimeout(30_000);

const ATTEMPTS = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-push-routes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let withPush: RunningServer;
/** Notifications asked for, but no store to keep them in; and a store, with notifications off. */
let noStore: RunningServer;
let pushOff: RunningServer;
beforeAll(async () => {
  const limits = { lookup: { burst: ATTEMPTS, perMinute: 1 } };
  withPush = await bootTestServer({ store: await openStore({ dataDir: dir }), push: { subject: 'mailto:t@example.com' }, limits });
  noStore = await bootTestServer({ store: null, push: { subject: 'mailto:t@example.com' } });
  pushOff = await bootTestServer({ store: await openStore({ dataDir: path.join(dir, 'off') }), push: null });
});
afterAll(async () => {
  for (const server of [withPush, noStore, pushOff]) await server?.close();
});

const body = () => ({
  seatToken: 'a'.repeat(32),
  language: 'en',
  subscription: { endpoint: 'https://push.example.net/send/abc', keys: new BrowserKeys().json },
});
const post = (url: string, code: string, payload: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/rooms/${code}/push`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });

test('a code or token that finds no seat answers 404 and spends a look-up; once they are spent, 429', async () => {
  const url = withPush.url;
  const key = (await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string };
  expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
  for (let i = 0; i < ATTEMPTS; i++) expect((await post(url, randomRoomCode(), body())).status).toBe(404);
  const refused = await post(url, randomRoomCode(), body());
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: string }).error).toContain(RoomError.TooManyAttempts);
  // Malformed requests are refused before any look-up.
  expect((await post(url, randomRoomCode(), { ...body(), seatToken: 'short' })).status).toBe(400);
});

test('a page of another origin is refused, and so is a body past 4 KB', async () => {
  const url = withPush.url;
  expect((await post(url, randomRoomCode(), body(), { origin: 'https://elsewhere.example' })).status).toBe(403);
  expect((await post(url, randomRoomCode(), { ...body(), padding: 'x'.repeat(5000) })).status).toBe(413);
});

test('a server with notifications off (or no store) says so', async () => {
  for (const { url } of [noStore, pushOff]) {
    expect((await fetch(`${url}/api/push/key`)).status).toBe(404);
    expect((await post(url, randomRoomCode(), body())).status).toBe(404);
  }
});
