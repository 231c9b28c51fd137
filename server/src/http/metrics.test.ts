/**
 * GET /metrics on a real server with a store: scraped from an internal address and parsed as
 * Prometheus's text format, after a game, refusals and sockets; refused to anyone else.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { RoomError } from '@samurai/shared';
import type { RunningServer } from '../start-server';
import { openStore } from '../store/open-store';
import { bootTestServer } from '../test-support/boot';
import { TableClient } from '../test-support/TableClient';

jest.setTimeout(60_000);

/** GET `urlPath` from `from` (a loopback address: another machine, as far as the server can tell). */
function get(server: RunningServer, urlPath: string, from: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path: urlPath, localAddress: from, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

let dataDir: string;
let server: RunningServer;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-metrics-'));
  // Look-ups limited to one failure, so that the door refuses the second (its reason is counted).
  server = await bootTestServer({ store: await openStore({ dataDir }), internalAddresses: ['127.0.0.1'], limits: { lookup: { burst: 1, perMinute: 1 } } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an internal address reads the metrics in Prometheus text format: rooms, moves, appends, sockets, refusals by reason, event loop and GC', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
  // A room's own refusals: a message (starting with a seat open) and a join (a name taken).
  const refused = await ann.expectError('start');
  expect((await TableClient.refusal(server.url, ann.code, { role: 'player', name: 'Ann' }))?.error).toBe(RoomError.NameTaken);
  // The door's: an unknown code costs the address its one look-up, the next is refused.
  await TableClient.refusal(server.url, 'ZZZZZZ', { role: 'spectator' });
  expect((await TableClient.refusal(server.url, 'ZZZZZY', { role: 'spectator' }))?.error).toBe(RoomError.TooManyAttempts);
  await ann.must('addBot', {});
  await ann.must('start');
  ann.autoPlay();
  await ann.waitForMoves(10, 30_000, 'ten moves');
  ann.stopAutoPlay();

  const scraped = await get(server, '/metrics', '127.0.0.1');
  expect(scraped.status).toBe(200);
  expect(scraped.type).toMatch(/^text\/plain;.*version=0\.0\.4/);
  const families = new Map(parsePrometheusTextFormat(scraped.body).map((family) => [family.name, family]));
  const value = (name: string, labels: Record<string, string> = {}) => {
    const sample = families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
    return Number(sample?.value ?? NaN);
  };
  expect(families.get('samurai_rooms_live')?.type).toBe('GAUGE');
  expect(value('samurai_rooms_live')).toBeGreaterThanOrEqual(1);
  expect(value('samurai_rooms_unloaded')).toBe(0);
  expect(value('samurai_rooms_waiting_for_storage')).toBe(0);
  expect(families.get('samurai_moves_total')?.type).toBe('COUNTER');
  expect(value('samurai_moves_total')).toBeGreaterThanOrEqual(10);
  const appends = families.get('samurai_store_append_seconds');
  expect(appends?.type).toBe('HISTOGRAM');
  expect(Number(appends?.metrics[0].count)).toBeGreaterThanOrEqual(10);
  expect(Number(appends?.metrics[0].buckets?.['5'])).toBe(Number(appends?.metrics[0].count));
  expect(value('samurai_sockets_open')).toBeGreaterThanOrEqual(1);
  expect(value('samurai_refusals_total', { reason: refused.code })).toBe(1);
  expect(value('samurai_refusals_total', { reason: RoomError.NameTaken })).toBe(1);
  expect(value('samurai_refusals_total', { reason: 'lookups' })).toBe(1);
  // Counted once, by the door: not again under the room's code.
  expect(families.get('samurai_refusals_total')?.metrics.some((m) => m.labels?.reason === RoomError.TooManyAttempts)).toBe(false);
  expect(value('samurai_refusals_total', { reason: 'server_full' })).toBe(0);
  expect(families.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  expect(families.get('nodejs_gc_duration_seconds')?.type).toBe('HISTOGRAM');
  // Nothing that would help find a room: no room code anywhere.
  expect(scraped.body).not.toContain(ann.code);
  await ann.leave();
});

test('anyone else gets the 404 of any unknown path', async () => {
  const outside = await get(server, '/metrics', '127.0.0.2');
  const unknown = await get(server, '/no-such-path', '127.0.0.2');
  expect(outside).toEqual({ status: 404, type: unknown.type, body: unknown.body });
  // No metric at all: neither the exposition's type lines nor a family's samples.
  expect(outside.body).not.toContain('# TYPE');
  expect(outside.body).not.toContain('samurai_rooms_live');
});
