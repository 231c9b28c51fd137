import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOM_NAME } from '@samurai/shared';
import { Client, SeatReservation } from 'colyseus.js';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(60_000);

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Board games</title>');
fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');

const server = useTestServer({ clientDist: dist }, () => fs.rmSync(dist, { recursive: true, force: true }));

/** The policy's directives by name, as a browser reads them. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: Response): void {
  const policy = response.headers.get('content-security-policy');
  expect(policy).not.toBeNull();
  const csp = directives(policy!);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  // Nothing loosens it, and plain-http deployments keep working.
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('strict-transport-security')).toBeNull();
  expect(response.headers.get('x-powered-by')).toBeNull();
}

test('the page and the built assets carry the security headers', async () => {
  const page = await fetch(`${server.url}/?room=ABCDEF`);
  expect(page.status).toBe(200);
  expectSecurityHeaders(page);
  const asset = await fetch(`${server.url}/assets/app-1234.js`);
  expect(asset.status).toBe(200);
  expectSecurityHeaders(asset);
});

test('matchmaking answers carry them: a room created, an unknown method, a body too large', async () => {
  const post = (method: string, body: string) =>
    fetch(`${server.url}/matchmake/${method}/${ROOM_NAME}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const created = await post('create', JSON.stringify({ name: 'Ann' }));
  expect(created.status).toBe(200);
  expectSecurityHeaders(created);
  // Take the seat it reserved and leave, so no reservation outlives the test.
  const room = await new Client(server.url).consumeSeatReservation((await created.json()) as SeatReservation);
  await room.leave();
  const unknown = await post('nonsense', '{}');
  expect(unknown.status).toBe(404);
  expectSecurityHeaders(unknown);
  const tooLarge = await post('create', JSON.stringify({ name: 'x'.repeat(10_000) }));
  expect(tooLarge.status).toBe(413);
  expectSecurityHeaders(tooLarge);
});

test('a page that does not exist gets a 404 with them, the policy included', async () => {
  const missing = await fetch(`${server.url}/no/such/page`);
  expect(missing.status).toBe(404);
  expectSecurityHeaders(missing);
});

test('the record route carries them, for a miss and for a record downloaded', async () => {
  const miss = await fetch(`${server.url}/api/rooms/ZZZZZZ/record`);
  expect(miss.status).toBe(404);
  expectSecurityHeaders(miss);
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  ann.sendRaw('addBot', {});
  await ann.waitFor((s) => s.seats[1].kind === 'bot');
  ann.sendRaw('start');
  ann.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000);
  const record = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(record.status).toBe(200);
  expect(record.headers.get('content-disposition')).toMatch(/^attachment; /);
  expectSecurityHeaders(record);
  await ann.leave();
});
