import { chatLinesOf, RoomError } from '@samurai/shared';
import { GENEROUS_TABLE_LIMITS, useTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';

jest.setTimeout(30_000);

// The production limits' shape, smaller: a test cannot wait out a minute's refill.
const server = useTestServer({
  tableLimits: { ...GENEROUS_TABLE_LIMITS, chatPerPerson: { burst: 3, perMinute: 6 }, chatBySpectators: { burst: 4, perMinute: 6 } },
});

test('each person says a few lines at once, then one now and then: the next is refused with the time to wait', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  for (const text of ['one', 'two']) await ann.must('chat', { text });
  await ann.must('emote', { emote: 'wow' });
  const refused = await ann.request('chat', { text: 'four' });
  expect(refused).toMatchObject({ code: RoomError.ChatTooFast });
  expect(refused!.detail).toMatch(/^You may send 3 messages at once and 6 a minute: the next in \d+ s\.$/);
  expect(await ann.request('emote', { emote: 'oops' })).toMatchObject({ code: RoomError.ChatTooFast });
  // Someone else's lines are their own.
  await bob.must('chat', { text: 'mine' });
  await ann.sync();
  expect(chatLinesOf(ann.state.chat).map((l) => ('text' in l.body ? l.body.text : l.body.emote))).toEqual(['one', 'two', 'wow', 'mine']);
  await Promise.all([ann.leave(), bob.leave()]);
});

test('the spectators share a few lines between them: many cannot flood a room, and the players still talk', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const watchers = await Promise.all(Array.from({ length: 6 }, () => TableClient.join(server.url, ann.code, { role: 'spectator' })));
  for (const [i, watcher] of watchers.slice(0, 4).entries()) await watcher.must('chat', { text: `watcher ${i}` });
  // The fifth has said nothing yet, but the spectators together have said their share.
  const refused = await watchers[4].request('chat', { text: 'me too' });
  expect(refused).toMatchObject({ code: RoomError.ChatTooFast });
  expect(refused!.detail).toMatch(/^The spectators together may send 4 messages at once and 6 a minute: the next in \d+ s\.$/);
  await ann.must('chat', { text: 'players are not held up' });
  await ann.sync();
  expect(chatLinesOf(ann.state.chat)).toHaveLength(5);
  await Promise.all([ann, ...watchers].map((c) => c.leave()));
});
