import { ROOM_NAME } from '@samurai/shared';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const DELAY_MS = 400;
const HELD = 3;
const server = useTestServer({ limits: { create: { burst: 2, perMinute: 1 }, refusalDelayMs: DELAY_MS, heldRefusalsPerAddress: HELD } });

function create(signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Flood' }), signal });
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

  // A flood: the first few wait their delay, the rest are told at once to go away.
  const flood = await Promise.all(Array.from({ length: HELD + 4 }, () => timed(create())));
  expect(flood.every((f) => f.response.status === 429)).toBe(true);
  const closed = flood.filter((f) => f.response.headers.get('connection') === 'close');
  expect(closed).toHaveLength(4);
  for (const f of flood.filter((x) => !closed.includes(x))) expect(f.ms).toBeGreaterThanOrEqual(DELAY_MS - 50);
  expect((await closed[0].response.json()) as { error: string }).toMatchObject({ error: expect.stringMatching(/^room\/too_many: /) });

  // Clients that give up while held back free their places.
  const gaveUp = new AbortController();
  const abandoned = Array.from({ length: HELD }, () => create(gaveUp.signal).catch(() => null));
  await new Promise((resolve) => setTimeout(resolve, 100));
  gaveUp.abort();
  await Promise.all(abandoned);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await timed(create());
  expect(again.response.status).toBe(429);
  expect(again.response.headers.get('connection')).not.toBe('close');
  expect(again.ms).toBeGreaterThanOrEqual(DELAY_MS - 50);
});
