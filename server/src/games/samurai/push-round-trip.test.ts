import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootTestServer } from '../../test-support/boot';
import { BrowserKeys, LocalPushService, PushDelivery, verifyVapid } from '../../test-support/push-service';
import { openStore } from '../../store/open-store';
import type { GameStore } from '../../store/game-store';
import type { RunningServer } from '../../start-server';
import { hashSeatToken } from '../../table/Seating';
import { SamuraiClient } from './test-support/SamuraiClient';

/**
 * Web Push for real: a game comes to a seat whose player has left, and the server tells them
 * through a push service on loopback (RFC 8030), which decrypts the message with the
 * subscription's own keys (RFC 8291) and checks VAPID's JWT (RFC 8292) against the server's key;
 * once per turn; a 410 removes the subscription.
 */

jest.setTimeout(120_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, holds: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

let dir = '';
let service: LocalPushService;
let server: RunningServer | null = null;
let store: GameStore;
beforeAll(async () => {
  service = await LocalPushService.start();
});
afterAll(async () => {
  await service?.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-push-'));
  store = await openStore({ dataDir: dir });
  server = await bootTestServer({
    store,
    push: { subject: 'mailto:tables@example.com', awayMs: 0, allowInternalEndpoints: true, agent: service.agent },
  });
});
afterEach(async () => {
  await server?.close();
  server = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const api = (url: string, method: string, body?: unknown) =>
  fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A 2-player game dealt straight into play. */
async function newGame(): Promise<{ ann: SamuraiClient; bob: SamuraiClient }> {
  const ann = await SamuraiClient.create(server!.url, { name: 'Ann', options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random' } });
  const bob = await SamuraiClient.join(server!.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play', 30_000, 'the game under way');
  return { ann, bob };
}

/** `player` plays until the game waits for the other seat. */
async function playTurn(player: SamuraiClient): Promise<void> {
  const mine = player.seat;
  player.autoPlay();
  await player.waitFor((s) => s.phase === 'play' && s.seat !== mine, 30_000, 'the turn to pass on');
  player.stopAutoPlay();
}

const subscription = (endpoint: string, keys: BrowserKeys) => ({ endpoint, expirationTime: null, keys: keys.json });

test('a turn that comes to a player who left reaches their browser, encrypted for it and signed by the server, once; a 410 removes the subscription', async () => {
  const { publicKey } = (await (await api('/api/push/key', 'GET')).json()) as { publicKey: string };
  expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  let { ann, bob } = await newGame();
  const code = ann.code;
  const bobKeys = new BrowserKeys();
  const annKeys = new BrowserKeys();
  const bobEndpoint = `${service.origin}/push/bob`;
  expect(
    (await api(`/api/rooms/${code}/push`, 'POST', { seatToken: bob.seatToken, language: 'fr', subscription: subscription(bobEndpoint, bobKeys) })).status,
  ).toBe(201);

  // Bad input changes nothing: a token of no seat here, a code of no room (the same answer), a
  // plain-http endpoint, keys of the wrong size, a seat past its few browsers.
  const ok = { seatToken: ann.seatToken, language: 'en', subscription: subscription(`${service.origin}/push/ann`, annKeys) };
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, seatToken: 'x'.repeat(32) })).status).toBe(404);
  expect((await api(`/api/rooms/ZZZZZZ/push`, 'POST', ok)).status).toBe(404);
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, subscription: subscription('http://127.0.0.1:1/push/ann', annKeys) })).status).toBe(400);
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, subscription: { ...ok.subscription, keys: { ...annKeys.json, auth: 'AAAA' } } })).status).toBe(
    400,
  );
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, subscription: subscription(`${service.origin}/${'p'.repeat(1100)}`, annKeys) })).status).toBe(
    400,
  );
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, language: 'xx' })).status).toBe(400);
  const extra = [1, 2, 3, 4].map((n) => `${service.origin}/push/ann-${n}`);
  for (const endpoint of extra)
    expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, subscription: subscription(endpoint, annKeys) })).status).toBe(201);
  expect((await api(`/api/rooms/${code}/push`, 'POST', ok)).status).toBe(201);
  expect((await api(`/api/rooms/${code}/push`, 'POST', { ...ok, subscription: subscription(`${service.origin}/push/ann-6`, annKeys) })).status).toBe(409);
  for (const endpoint of extra) expect((await api(`/api/rooms/${code}/push`, 'DELETE', { seatToken: ann.seatToken, endpoint })).status).toBe(204);
  const annHash = hashSeatToken(ann.seatToken);
  expect((await store.push.subscriptions(code, annHash)).map((s) => s.endpoint)).toEqual([`${service.origin}/push/ann`]);
  // Ann's browser is gone from the push service: it answers 410.
  service.answers.set('/push/ann', 410);

  // Ann to play, then Bob closes his tab: Ann's move brings the game to him.
  if (ann.state.seat !== ann.seat) await playTurn(bob);
  await bob.leave();
  await playTurn(ann);
  await until("Bob's notification", () => service.to('/push/bob').length === 1);
  const [first] = service.to('/push/bob');
  checkDelivery(first, publicKey);
  expect(JSON.parse(bobKeys.decrypt(first.body))).toEqual({
    code,
    title: 'À vous de jouer · Samurai',
    body: `La partie du salon ${code} vous attend.`,
    url: `./?room=${code}`,
  });

  // Bob comes back and plays; Ann has left: the turn is hers, her push service says 410, and her subscription goes.
  await ann.leave();
  bob = await SamuraiClient.join(server!.url, code, { seatToken: bob.seatToken });
  await playTurn(bob);
  await until('the gone subscription to be removed', async () => (await store.push.subscriptions(code, annHash)).length === 0);
  expect(service.to('/push/ann')).toHaveLength(1);

  // Once more round: Bob leaves, Ann plays; Bob is told of this new turn, and of the last one only once.
  await bob.leave();
  ann = await SamuraiClient.join(server!.url, code, { seatToken: ann.seatToken });
  await playTurn(ann);
  await until("Bob's second notification", () => service.to('/push/bob').length === 2);
  const second = service.to('/push/bob')[1];
  checkDelivery(second, publicKey);
  expect(JSON.parse(bobKeys.decrypt(second.body))).toMatchObject({ code, url: `./?room=${code}` });
  expect(second.body.equals(first.body)).toBe(false);
  expect(service.to('/push/ann')).toHaveLength(1);
  await ann.leave();
});

/** RFC 8030's headers and RFC 8292's JWT, as a push service checks them. */
function checkDelivery(delivery: PushDelivery, publicKey: string): void {
  expect(delivery.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(delivery.headers.ttl)).toBe(24 * 60 * 60);
  expect(delivery.headers.urgency).toBe('high');
  expect(delivery.headers.topic).toMatch(/^turn-[A-Z0-9]+$/);
  const claims = verifyVapid(delivery.headers.authorization, publicKey);
  expect(claims.aud).toBe(service.origin);
  expect(claims.sub).toBe('mailto:tables@example.com');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
}
