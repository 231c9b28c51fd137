import { ROOM_NAME } from '@samurai/shared';
import { useTestServer } from '../test-support/boot';
import { pipeline, rawGet } from '../test-support/raw-http';

jest.setTimeout(30_000);

// Long enough that requests sent together all reach the server well before the first is answered,
// on a machine busy with other tests too.
const DELAY_MS = 1500;
const HELD = 3;
const server = useTestServer({ limits: { create: { burst: 2, perMinute: 1 }, refusalDelayMs: DELAY_MS, heldRefusalsPerAddress: HELD } });

function create(signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Flood' }),
    signal,
  });
}

async function timed(request: Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await request;
  return { response, ms: performance.now() - started };
}

test('a request refused for a limit is answered late; past a few held back per address, at once with the connection closed', async () => {
  for (let i = 0; i < 2; i++) expect((await create()).status).toBe(200);
  const late = await timed(create());
  expect(late.response.status).toBe(429);
  expect(late.ms).toBeGreaterThanOrEqual(DELAY_MS - 50);
  expect(late.response.headers.get('connection')).not.toBe('close');

  // A flood: the first few wait their delay; the rest are told at once to go away (their
  // connection closed after the answer), or, on a connection opened once those few are held
  // back, not answered at all (reset at the door).
  const flood = await Promise.all(Array.from({ length: HELD + 4 }, () => timed(create()).catch(() => null)));
  const answered = flood.filter((f) => f !== null);
  expect(answered.every((f) => f.response.status === 429)).toBe(true);
  const delayed = answered.filter((f) => f.response.headers.get('connection') !== 'close');
  expect(delayed).toHaveLength(HELD);
  for (const f of delayed) expect(f.ms).toBeGreaterThanOrEqual(DELAY_MS - 50);
  for (const f of answered.filter((x) => !delayed.includes(x))) {
    expect((await f.response.json()) as { error: string }).toMatchObject({ error: expect.stringMatching(/^room\/too_many: /) });
  }

  // While an address has all its refusals held back, its new connections are reset when accepted.
  const held = Array.from({ length: HELD }, () => create());
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await pipeline(server.url, '127.0.0.1', [rawGet('/health')])).toEqual([]);
  expect((await pipeline(server.url, '127.0.0.2', [rawGet('/health')]))[0].status).toBe(200);
  await Promise.all(held);

  // Clients that give up while held back free their places.
  const gaveUp = new AbortController();
  const abandoned = Array.from({ length: HELD }, () => create(gaveUp.signal).catch(() => null));
  await new Promise((resolve) => setTimeout(resolve, 300));
  gaveUp.abort();
  await Promise.all(abandoned);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await timed(create());
  expect(again.response.status).toBe(429);
  expect(again.response.headers.get('connection')).not.toBe('close');
  expect(again.ms).toBeGreaterThanOrEqual(DELAY_MS - 50);
});
