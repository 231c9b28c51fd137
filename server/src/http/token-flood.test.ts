import { RoomError } from '@samurai/shared';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const ATTEMPTS = 3;
const server = useTestServer({ limits: { lookup: { burst: ATTEMPTS, perMinute: 1 } } });

test('seat tokens tried on many reservations at once are cut off at the limit: the attempt is taken at the door, not when reserving', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const wrong = () => ({ seatToken: 'B'.repeat(31) + String(Math.floor(Math.random() * 10)) });
  // Every reservation is granted (the code is right) before any socket tries its token.
  const refusals = await Promise.all(Array.from({ length: ATTEMPTS * 4 }, () => TableClient.refusal(server.url, ann.code, wrong())));
  const wrongToken = refusals.filter((r) => r?.error === RoomError.SeatToken);
  expect(wrongToken.length).toBeGreaterThan(0);
  expect(wrongToken.length).toBeLessThanOrEqual(ATTEMPTS);
  expect(refusals.filter((r) => r?.error !== RoomError.SeatToken).every((r) => r?.error === RoomError.TooManyAttempts)).toBe(true);
  await ann.leave();
});
