import { RoomError } from '@samurai/shared';
import { randomRoomCode } from '../live-rooms';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';
import { pipeline, rawGet, rawPost } from '../test-support/raw-http';
import { MAX_PIPELINED } from './connection-limit';

jest.setTimeout(30_000);

const BURST = 3;
// Failed look-ups limited as in production (the refusal answered at once, so every answer is read).
const server = useTestServer({ limits: { lookup: { burst: BURST, perMinute: 1 } } });

const routes = [
  () => rawGet(`/api/rooms/${randomRoomCode()}/colours`),
  () => rawGet(`/api/rooms/${randomRoomCode()}/record`),
  () => rawGet(`/api/rooms/${randomRoomCode()}/games`),
  () => rawPost(`/matchmake/joinById/${randomRoomCode()}`, { role: 'spectator' }),
];
const failed = (a: { status: number; body: string }) => a.status === 404 || a.body.includes('"code":4212');

test('look-ups in flight together get no more failed answers than the limit allows, on every route that looks a code up', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  // A live room's colours first (a look-up that finds its room costs nothing), then connections
  // from 127.0.0.2 each writing a pipelined batch of one route's guesses at once.
  const [live] = await pipeline(server.url, '127.0.0.2', [rawGet(`/api/rooms/${ann.code}/colours`)]);
  expect(live.status).toBe(200);
  const writes = Array.from({ length: 12 }, (_, i) => Array.from({ length: MAX_PIPELINED }, routes[i % routes.length]));
  const answers = (await Promise.all(writes.map((requests) => pipeline(server.url, '127.0.0.2', requests)))).flat();
  expect(answers).toHaveLength(12 * MAX_PIPELINED);
  const refused = answers.filter((a) => a.status === 429);
  expect(answers.filter(failed).length).toBeLessThanOrEqual(BURST);
  expect(answers.filter(failed).length).toBeGreaterThan(0);
  expect(answers.filter(failed).length + refused.length).toBe(answers.length);
  expect(refused.every((a) => a.body.includes(RoomError.TooManyAttempts))).toBe(true);
  // Another address is not held back by this one's guesses.
  expect((await fetch(`${server.url}/api/rooms/${ann.code}/colours`)).status).toBe(200);
  await ann.leave();
});

test('a connection pipelining more requests than a browser ever would is dropped, the rest never handled, and its address cools down', async () => {
  const answers = await pipeline(
    server.url,
    '127.0.0.5',
    Array.from({ length: 400 }, () => rawGet('/health')),
  );
  expect(answers.length).toBeLessThanOrEqual(MAX_PIPELINED);
  expect(await pipeline(server.url, '127.0.0.5', [rawGet('/health')])).toEqual([]);
  // Up to the allowance, pipelining is served.
  expect(
    await pipeline(
      server.url,
      '127.0.0.6',
      Array.from({ length: MAX_PIPELINED }, () => rawGet('/health')),
    ),
  ).toHaveLength(MAX_PIPELINED);
});
