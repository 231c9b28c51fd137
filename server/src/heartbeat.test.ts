import { HEARTBEAT_ANSWER, HEARTBEAT_REQUEST, RATE_LIMIT_PER_SECOND, RoomError } from '@samurai/shared';
import { useTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';

jest.setTimeout(30_000);

// The room's real rate limit: a heartbeat is counted like any other message.
const server = useTestServer({ rateLimitPerSecond: RATE_LIMIT_PER_SECOND });

/** Sends a heartbeat and resolves with every frame the client received until its answer and a sync after it. */
async function heartbeat(client: TableClient): Promise<{ answered: boolean; frames: Uint8Array[] }> {
  await client.sync();
  const before = client.frames.length;
  const answered = new Promise<boolean>((resolve) => {
    const stop = client.room.onMessage(HEARTBEAT_ANSWER, () => {
      stop();
      resolve(true);
    });
  });
  client.sendRaw(HEARTBEAT_REQUEST);
  const result = await Promise.race([answered, client.nextError().then(() => false)]);
  await client.sync();
  return { answered: result, frames: client.frames.slice(before) };
}

test('a heartbeat is answered at once, to a player and to a spectator alike, and changes nothing', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const eve = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  await ann.sync();
  const annFrames = ann.frames.length;
  for (const client of [ann, eve]) {
    const { answered, frames } = await heartbeat(client);
    expect(answered).toBe(true);
    // The answer and the sync's error: no state patch, nobody else hears of it.
    expect(frames).toHaveLength(2);
  }
  await ann.sync();
  // Ann's own heartbeat and sync, then Eve's: nothing reached Ann but her own two answers and two syncs.
  expect(ann.frames.length - annFrames).toBe(4);
  expect(ann.errors).toEqual([]);
  await Promise.all([ann.leave(), eve.leave()]);
});

test('a heartbeat with a payload is refused as malformed', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const error = await ann.expectError(HEARTBEAT_REQUEST, { seat: 1 });
  expect(error).toMatchObject({ code: RoomError.Malformed, request: HEARTBEAT_REQUEST });
  await ann.leave();
});

test('heartbeats count against the rate limit like every message', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  await ann.sync();
  const warned = ann.nextError();
  for (let i = 0; i < RATE_LIMIT_PER_SECOND + 5; i++) ann.sendRaw(HEARTBEAT_REQUEST);
  expect(await warned).toMatchObject({ code: RoomError.RateLimited });
  // (A goodbye within the same second would be dropped as well: the socket just closes.)
  await ann.leave(false);
});
