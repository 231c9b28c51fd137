import { JOIN_REFUSED, ROOM_NAME, RoomError } from '@samurai/shared';
import { liveRooms } from '../live-rooms';
import { TableRoom } from '../table/TableRoom';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';
import { largePost } from '../test-support/raw-http';

jest.setTimeout(30_000);

// Production-like creation limits, small enough to reach; a short wait for a creator to connect
// (long enough that the rooms of a flood are all still open when its last answer arrives, on a
// machine busy with other tests too).
const server = useTestServer({
  creatorTimeoutMs: 2500,
  limits: { create: { burst: 5, perMinute: 6 }, roomsPerAddress: 8, maxRooms: 12, maxBodyBytes: 2048 },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A matchmaking request as a script would send it: plain HTTP, no WebSocket ever opened. */
function matchmake(method: string, room: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/matchmake/${method}/${room}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(25);
  }
}

test('a creation flood over plain HTTP is refused with 429, and its rooms close when their creators never come', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, () => matchmake('create', ROOM_NAME, { name: 'Flood' })));
  const created = answers.filter((r) => r.status === 200);
  const refused = answers.filter((r) => r.status === 429);
  expect(created).toHaveLength(5);
  expect(refused).toHaveLength(25);
  const refusal = (await refused[0].json()) as { error: string };
  expect(refusal.error).toMatch(/^room\/too_many: /);
  expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(liveRooms.size).toBe(5);
  // Nobody connects to them: they close when the seat reservations would have expired.
  await waitUntil(() => liveRooms.size === 0, 'the abandoned rooms to close', 10_000);
  // A forged X-Forwarded-For does not buy a fresh allowance (no proxy is trusted here).
  const forged = await matchmake('create', ROOM_NAME, { name: 'Flood' }, { 'X-Forwarded-For': '198.51.100.7' });
  expect(forged.status).toBe(429);
  // colyseus.js reports the refusal with our code, so the page can say why.
  expect(await TableClient.refusal(server.url, null, { name: 'Ann' })).toMatchObject({ code: 429, error: RoomError.TooMany });
});

test('bodies beyond the limit get 413, bodies that are not JSON 400, and unknown methods 404; the server stays up', async () => {
  const big = await matchmake('create', ROOM_NAME, { name: 'x'.repeat(10_000) });
  expect(big.status).toBe(413);
  expect(((await big.json()) as { error: string }).error).toMatch(/^room\/message_too_large: /);
  // The same without a Content-Length (chunked): the parser stops at the limit.
  const chunks = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
      controller.close();
    },
  });
  const chunked = await fetch(`${server.url}/matchmake/joinById/ABCDEF`, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit);
  expect(chunked.status).toBe(413);
  expect((await matchmake('joinById', 'ABCDEF', '{not json')).status).toBe(400);
  for (const method of ['joinOrCreate', 'join', 'reconnect']) expect((await matchmake(method, ROOM_NAME, {})).status).toBe(404);
  // Any other route refuses a large body too.
  const other = await fetch(`${server.url}/health`, { method: 'POST', body: 'x'.repeat(5000) });
  expect(other.status).toBe(413);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});

test('a chunked body is cut at the limit: answered 413 long before its end, the connection closed; other routes do not read one', async () => {
  const hundredMB = 100 * 1024 * 1024;
  const cut = await largePost(`${server.url}/matchmake/create/${ROOM_NAME}`, { bytes: hundredMB, chunked: true });
  expect(cut.status).toBe(413);
  expect(cut.connection).toBe('close');
  // What was written before the answer came is what the connection's buffers hold, not the body.
  expect(cut.written).toBeLessThan(hundredMB / 4);
  const elsewhere = await largePost(`${server.url}/api/rooms/ABCDEF/nothing`, { bytes: hundredMB, chunked: true });
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.connection).toBe('close');
  expect(elsewhere.written).toBeLessThan(hundredMB / 4);
});

test('a create with malformed options is refused as the room would refuse it, without a room being made for it', async () => {
  const made = jest.spyOn(TableRoom.prototype, 'onCreate');
  try {
    const answer = await matchmake('create', ROOM_NAME, { name: '' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ code: JOIN_REFUSED, error: expect.stringMatching(/^room\/malformed: name: /) });
    expect(made).not.toHaveBeenCalled();
  } finally {
    made.mockRestore();
  }
});
