import { RoomError } from '@samurai/shared';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const ATTEMPTS = 4;
const server = useTestServer({ limits: { lookup: { burst: ATTEMPTS, perMinute: 1 } } });

test('wrong seat tokens count as failed look-ups: guessing a seat is cut off too', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const wrong = () => ({ seatToken: 'A'.repeat(31) + String(Math.floor(Math.random() * 10)) });
  for (let i = 0; i < ATTEMPTS; i++) expect(await TableClient.refusal(server.url, ann.code, wrong())).toMatchObject({ error: RoomError.SeatToken });
  expect(await TableClient.refusal(server.url, ann.code, wrong())).toMatchObject({ code: 429, error: RoomError.TooManyAttempts });
  await ann.leave();
});
