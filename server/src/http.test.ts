import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contractOf, TableClient, TEST_GAME } from './test-support/TableClient';
import { useTestServer } from './test-support/boot';

jest.setTimeout(60_000);

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Board games</title>');
fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');

const server = useTestServer({ clientDist: dist }, () => fs.rmSync(dist, { recursive: true, force: true }));

test('GET /health answers 200 with JSON', async () => {
  const response = await fetch(`${server.url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

test('the built client is served at /, the page fresh, hashed assets cached for good', async () => {
  const page = await fetch(`${server.url}/?room=ABCDE`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Board games</title>');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  const asset = await fetch(`${server.url}/assets/app-1234.js`);
  expect(asset.headers.get('cache-control')).toContain('immutable');
});

test('the record endpoint: 404 for an unknown code and for a game still running (the same answer), 200 with an attachment once over', async () => {
  const unknown = await fetch(`${server.url}/api/rooms/ZZZZZZ/record`);
  expect(unknown.status).toBe(404);
  const unknownBody = await unknown.text();
  expect((await fetch(`${server.url}/api/rooms/not-a-code/record`)).status).toBe(404);
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const live = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(live.status).toBe(404);
  expect(await live.text()).toBe(unknownBody);
  ann.sendRaw('addBot', {});
  await ann.waitFor((s) => s.seats[1].kind === 'bot');
  ann.sendRaw('start');
  await ann.waitFor((s) => s.phase !== 'lobby');
  expect((await fetch(`${server.url}/api/rooms/${ann.code.toLowerCase()}/record`)).status).toBe(404);
  ann.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000);
  const response = await fetch(`${server.url}/api/rooms/${ann.code.toLowerCase()}/record`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${TEST_GAME.name}-[A-Z0-9]{6}-game1\\.json"$`));
  expect(contractOf(TEST_GAME.name).verifyRecord(await response.json()).ok).toBe(true);
  await ann.leave();
});
