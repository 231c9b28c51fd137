import { ROOM_NAME, RoomError } from '@samurai/shared';
import { liveRooms } from '../live-rooms';
import { useTestServer } from '../test-support/boot';

// Many addresses (through a trusted proxy), each within its own allowance, against a server whose
// global cap is 6 rooms: the cap holds, whatever the number of addresses.
const server = useTestServer({
  trustProxy: ['loopback'],
  creatorTimeoutMs: 60_000,
  limits: { maxRooms: 6, roomsPerAddress: 2, create: { burst: 2, perMinute: 1 } },
});

const create = (address: string) =>
  fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ name: 'Ann' }),
  });

test('MAX_ROOMS holds against a creation flood from many addresses: the live rooms stay at the cap, the rest get 429 and room/too_many', async () => {
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => create(`198.51.100.${i + 1}`)));
  expect(answers.filter((r) => r.status === 200)).toHaveLength(6);
  const refused = answers.filter((r) => r.status === 429);
  expect(refused).toHaveLength(34);
  const body = (await refused[0].json()) as { error: string };
  expect(body.error.startsWith(`${RoomError.TooMany}: The server is full`)).toBe(true);
  expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(liveRooms.size).toBe(6);
  // A second wave changes nothing.
  const again = await Promise.all(Array.from({ length: 20 }, (_, i) => create(`203.0.113.${i + 1}`)));
  expect(again.every((r) => r.status === 429)).toBe(true);
  expect(liveRooms.size).toBe(6);
});
