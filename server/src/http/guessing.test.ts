import { RoomError } from '@samurai/shared';
import { randomRoomCode } from '../live-rooms';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const ATTEMPTS = 6;
// Failed look-ups limited as in production, with a small burst so the test reaches it.
const server = useTestServer({ limits: { lookup: { burst: ATTEMPTS, perMinute: 1 } } });

/** An unknown code (a live room's code is astronomically unlikely among 31⁶). */
const guess = () => randomRoomCode();

test('guessing room codes is cut off, and once cut off a live room cannot be told from an unknown code', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  // A wrong guess answers "no such room" until the attempts run out...
  for (let i = 0; i < ATTEMPTS - 2; i++) expect(await TableClient.refusal(server.url, guess(), { role: 'spectator' })).toMatchObject({ code: 4212 });
  // ...and so does the record endpoint, for an unknown code and for this live room alike.
  expect((await fetch(`${server.url}/api/rooms/${guess()}/record`)).status).toBe(404);
  expect((await fetch(`${server.url}/api/rooms/${ann.code}/record`)).status).toBe(404);
  // Out of attempts: every look-up is refused the same way, the live room's included.
  const unknown = await TableClient.refusal(server.url, guess(), { role: 'spectator' });
  const live = await TableClient.refusal(server.url, ann.code, { role: 'spectator' });
  expect(unknown).toMatchObject({ code: 429, error: RoomError.TooManyAttempts });
  expect(live).toMatchObject({ code: 429, error: RoomError.TooManyAttempts });
  const record = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(record.status).toBe(429);
  expect(Number(record.headers.get('retry-after'))).toBeGreaterThan(1);
  // The room itself goes on for those already in it.
  await ann.must('addBot', {});
  await ann.leave();
});
