import { RoomError } from '@samurai/shared';
import { randomRoomCode } from '../room-codes';
import { TestClient } from '../test-support/TestClient';
import { useTestServer } from '../test-support/boot';
import { pipeline, rawGet, rawPost } from '../test-support/raw-http';

jest.setTimeout(30_000);

const BURST = 3;
// Failed look-ups limited as in production (the refusal answered at once, so every answer is read).
const server = useTestServer({ limits: { lookup: { burst: BURST, perMinute: 1 } } });

test('look-ups pipelined in one TCP write get no more failed answers than the limit allows, on every route that looks a code up', async () => {
  const ann = await TestClient.create(server.url, { name: 'Ann' });
  const routes = [
    () => rawGet(`/api/rooms/${randomRoomCode()}/colours`),
    () => rawGet(`/api/rooms/${randomRoomCode()}/record`),
    () => rawGet(`/api/rooms/${randomRoomCode()}/games`),
    () => rawPost(`/matchmake/joinById/${randomRoomCode()}`, { role: 'spectator' }),
  ];
  // A live room's colours first: a look-up that finds its room costs nothing.
  const requests = [rawGet(`/api/rooms/${ann.code}/colours`), ...Array.from({ length: 400 }, (_, i) => routes[i % routes.length]())];
  const answers = await pipeline(server.url, '127.0.0.2', requests);
  expect(answers).toHaveLength(requests.length);
  expect(answers[0]).toMatchObject({ status: 200 });
  const failed = answers.filter((a) => a.status === 404 || a.body.includes('"code":4212'));
  const refused = answers.filter((a) => a.status === 429);
  expect(failed.length).toBeLessThanOrEqual(BURST);
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.length + refused.length).toBe(requests.length - 1);
  expect(refused.every((a) => a.body.includes(RoomError.TooManyAttempts))).toBe(true);
  // Another address is not held back by this one's guesses.
  expect((await fetch(`${server.url}/api/rooms/${ann.code}/colours`)).status).toBe(200);
  await ann.leave();
});
