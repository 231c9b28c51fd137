import { RoomError } from '@samurai/shared';
import { randomRoomCode } from '../live-rooms';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const ATTEMPTS = 4;
const server = useTestServer({ limits: { lookup: { burst: ATTEMPTS, perMinute: 1 } } });

const colours = async (code: string) => {
  const response = await fetch(`${server.url}/api/rooms/${code}/colours`);
  return { status: response.status, body: (await response.json()) as { colours?: string[]; error?: string } };
};

test('the join form learns the colours taken at a table (people and bots), and an unknown code costs a look-up', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', colour: 'vermillion', options: { players: 3 } });
  expect(await colours(ann.code)).toEqual({ status: 200, body: { colours: ['vermillion'] } });
  const ben = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Ben', colour: 'sky' });
  await ann.must('addBot', {});
  const taken = (await colours(ann.code)).body.colours!;
  expect(taken).toHaveLength(3);
  expect(taken).toEqual(expect.arrayContaining(['vermillion', 'sky']));
  // A code typed as people type it reads the same.
  expect((await colours(`${ann.code.slice(0, 3).toLowerCase()}-${ann.code.slice(3)}`)).body.colours).toEqual(taken);
  await ben.leave();
  expect((await colours(ann.code)).body.colours).not.toContain('sky');

  // Unknown codes and garbage answer 404 and spend the address's look-ups, as a wrong join does...
  for (let i = 0; i < ATTEMPTS - 1; i++) expect(await colours(randomRoomCode())).toMatchObject({ status: 404 });
  expect((await colours('not-a-code')).status).toBe(404);
  // ...and once they are spent, every look-up is refused, the live room's included.
  const refused = await fetch(`${server.url}/api/rooms/${ann.code}/colours`);
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: string }).error).toContain(RoomError.TooManyAttempts);
  await ann.leave();
});
