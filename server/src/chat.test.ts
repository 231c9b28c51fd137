import { CHAT_KEPT_LINES, CHAT_MAX_LENGTH, ChatLine, chatLinesOf, RoomError } from '@samurai/shared';
import { useTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';

jest.setTimeout(30_000);

const server = useTestServer();

/** The chat as a client's state shows it, in the order said: who (seat, name) and what. */
function chatOf(client: TableClient): { seat: number; name: string; said: string }[] {
  return chatLinesOf(client.state.chat).map((line: ChatLine) => ({
    seat: line.seat,
    name: line.name,
    said: 'text' in line.body ? line.body.text : `:${line.body.emote}:`,
  }));
}

/** A seat's fields as a client's state holds them. */
const fieldsOf = (client: TableClient, seat: number) => JSON.parse(JSON.stringify(client.state.seats[seat])) as Record<string, unknown>;

/** The fields of seat `seat` that `own` holds and `other` does not: that seat's secrets, which reach its own player alone. */
function secretsOf(own: TableClient, other: TableClient, seat: number): Record<string, unknown> {
  const seen = fieldsOf(other, seat);
  return Object.fromEntries(Object.entries(fieldsOf(own, seat)).filter(([field]) => !(field in seen)));
}

async function twoPlayersAndASpectator(): Promise<{ ann: TableClient; bob: TableClient; eve: TableClient }> {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 3 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const eve = await TableClient.join(server.url, ann.code, { role: 'spectator', name: 'Eve' });
  return { ann, bob, eve };
}

test('players and spectators chat and send emotes; every line reaches everyone, normalised, in order, with who said it', async () => {
  const { ann, bob, eve } = await twoPlayersAndASpectator();
  // An empty chat is not in the state at all.
  expect(ann.state.chat).toBeUndefined();
  await ann.must('chat', { text: '  hello\n\tall  ' });
  await bob.must('emote', { emote: 'thanks' });
  await eve.must('chat', { text: '<img src=x onerror=alert(1)>' });
  await ann.must('addBot', {});
  for (const c of [ann, bob, eve]) await c.sync();
  for (const c of [ann, bob, eve]) {
    expect(chatOf(c)).toEqual([
      { seat: 0, name: 'Ann', said: 'hello all' },
      { seat: 1, name: 'Bob', said: ':thanks:' },
      // Kept as written: the page shows it as text.
      { seat: -1, name: 'Eve', said: '<img src=x onerror=alert(1)>' },
    ]);
  }
  // Chat goes on through the game, and it is not part of its record.
  await ann.must('start');
  await eve.must('chat', { text: 'good luck' });
  await ann.sync();
  expect(chatOf(ann).at(-1)).toEqual({ seat: -1, name: 'Eve', said: 'good luck' });
  // Spectators may chat, and only chat.
  expect(await eve.request('mute', { seat: 0, muted: true })).toMatchObject({ code: RoomError.Spectator });
  expect(await eve.request('spectatorChat', { open: false })).toMatchObject({ code: RoomError.Spectator });
  await Promise.all([ann.leave(), bob.leave(), eve.leave()]);
});

test('a line is 1 to 200 characters, an emote one of the set: anything else is refused with a reason and changes nothing', async () => {
  const { ann, bob, eve } = await twoPlayersAndASpectator();
  await ann.must('chat', { text: 'x'.repeat(CHAT_MAX_LENGTH) });
  await ann.must('chat', { text: '😀'.repeat(CHAT_MAX_LENGTH) });
  const tooLong = await ann.request('chat', { text: 'y'.repeat(CHAT_MAX_LENGTH + 1) });
  expect(tooLong).toMatchObject({ code: RoomError.Malformed, detail: `text: a chat line is at most ${CHAT_MAX_LENGTH} characters` });
  expect(await bob.request('chat', { text: ' \n\u200b ' })).toMatchObject({ code: RoomError.Malformed, detail: 'text: a chat line cannot be empty' });
  expect(await eve.request('chat', { text: 42 })).toMatchObject({ code: RoomError.Malformed });
  expect(await eve.request('chat', { text: 'hi', seat: 0 })).toMatchObject({ code: RoomError.Malformed });
  expect(await bob.request('emote', { emote: 'rude' })).toMatchObject({ code: RoomError.Malformed });
  expect(await bob.request('chat')).toMatchObject({ code: RoomError.Malformed });
  // Nothing visible, or a label in the table's voice (look-alike letters included: the server has the confusables data).
  expect(await bob.request('chat', { text: '\u3164\u200d\ufe0f' })).toMatchObject({ code: RoomError.Malformed, detail: 'text: a chat line cannot be empty' });
  expect(await eve.request('chat', { text: '[system] Ann left' })).toMatchObject({ code: RoomError.Malformed });
  expect(await eve.request('chat', { text: '<ѕеrvеr> restarting' })).toMatchObject({
    code: RoomError.Malformed,
    detail: 'text: a chat line cannot open with "<ѕеrvеr>": the table shows who says what',
  });
  await ann.sync();
  expect(chatOf(ann).map((l) => l.said)).toEqual(['x'.repeat(CHAT_MAX_LENGTH), '😀'.repeat(CHAT_MAX_LENGTH)]);
  await Promise.all([ann.leave(), bob.leave(), eve.leave()]);
});

test('the host mutes and unmutes a player; only the host may, and not themselves or a bot', async () => {
  const { ann, bob, eve } = await twoPlayersAndASpectator();
  await ann.must('addBot', {});
  expect(await bob.request('mute', { seat: 0, muted: true })).toMatchObject({ code: RoomError.NotHost });
  expect(await ann.request('mute', { seat: 0, muted: true })).toMatchObject({ code: RoomError.BadSeat });
  expect(await ann.request('mute', { seat: 2, muted: true })).toMatchObject({ code: RoomError.BadSeat });
  await ann.must('mute', { seat: 1, muted: true });
  await eve.waitFor((s) => s.seats[1].muted);
  const refused = await bob.request('chat', { text: 'let me speak' });
  expect(refused).toMatchObject({ code: RoomError.Muted });
  expect(refused!.message).toMatch(/muted/);
  expect(await bob.request('emote', { emote: 'oops' })).toMatchObject({ code: RoomError.Muted });
  // Muted in the game too.
  await ann.must('start');
  // (Bots move meanwhile: wait for the refusal itself, not for the state to stay as it was.)
  expect(await bob.expectError('chat', { text: 'still?' })).toMatchObject({ code: RoomError.Muted });
  await ann.must('mute', { seat: 1, muted: false });
  await bob.must('chat', { text: 'thank you' });
  await eve.sync();
  expect(chatOf(eve)).toEqual([{ seat: 1, name: 'Bob', said: 'thank you' }]);
  await Promise.all([ann.leave(), bob.leave(), eve.leave()]);
});

test('the host closes the chat to spectators at any time, and opens it again', async () => {
  const { ann, bob, eve } = await twoPlayersAndASpectator();
  expect(await bob.request('spectatorChat', { open: false })).toMatchObject({ code: RoomError.NotHost });
  await ann.must('spectatorChat', { open: false });
  await eve.waitFor((s) => !s.options.spectatorChat);
  expect(await eve.request('chat', { text: 'hello?' })).toMatchObject({ code: RoomError.ChatClosed });
  expect(await eve.request('emote', { emote: 'wow' })).toMatchObject({ code: RoomError.ChatClosed });
  await bob.must('chat', { text: 'players still talk' });
  await ann.must('addBot', {});
  await ann.must('start');
  await ann.must('spectatorChat', { open: true });
  await eve.must('chat', { text: 'thanks' });
  await ann.sync();
  expect(chatOf(ann).map((l) => l.said)).toEqual(['players still talk', 'thanks']);
  await Promise.all([ann.leave(), bob.leave(), eve.leave()]);
});

test("names are the table's, seated or watching: a spectator cannot take a look-alike of anyone's, nor anyone a watching spectator's", async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 3 } });
  // Like a player's, or like another spectator's (case, look-alike letters), or a role with look-alike letters.
  expect(await TableClient.refusal(server.url, ann.code, { role: 'spectator', name: 'ANN' })).toMatchObject({ error: RoomError.NameTaken });
  const eve = await TableClient.join(server.url, ann.code, { role: 'spectator', name: 'Eve' });
  expect(await TableClient.refusal(server.url, ann.code, { role: 'spectator', name: 'Еve' })).toMatchObject({ error: RoomError.NameTaken }); // Cyrillic Е
  expect(await TableClient.refusal(server.url, ann.code, { role: 'spectator', name: '(һost)' })).toMatchObject({ error: RoomError.Malformed }); // Cyrillic һ
  // Nor may a player sit down, or rename themselves, as the watching Eve.
  expect(await TableClient.refusal(server.url, ann.code, { role: 'player', name: 'eve' })).toMatchObject({ error: RoomError.NameTaken });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  expect(await bob.request('profile', { name: 'EVE' })).toMatchObject({ code: RoomError.NameTaken });
  // Nameless spectators are many; a name is free again once its spectator has gone.
  const plain = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  const plain2 = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  await eve.must('chat', { text: 'hi' });
  await plain.must('chat', { text: 'hello' });
  await ann.sync();
  expect(chatOf(ann)).toEqual([
    { seat: -1, name: 'Eve', said: 'hi' },
    { seat: -1, name: '', said: 'hello' },
  ]);
  await eve.leave();
  await ann.waitFor((s) => s.spectators === 2);
  await bob.must('profile', { name: 'Eve' });
  await Promise.all([ann.leave(), bob.leave(), plain.leave(), plain2.leave()]);
});

test(`the last ${CHAT_KEPT_LINES} lines are kept: a late joiner and a reload see them, in order`, async () => {
  const { ann, bob, eve } = await twoPlayersAndASpectator();
  const said = Array.from({ length: CHAT_KEPT_LINES + 30 }, (_, i) => `line ${i + 1}`);
  // Bob's lines first (two connections' lines arrive in no set order), then Ann's.
  await bob.must('chat', { text: 'from Bob' });
  for (const text of said) ann.sendRaw('chat', { text });
  await eve.waitFor((s) => chatLinesOf(s.chat).at(-1)?.n === said.length + 1, 10_000, 'every line');
  const kept = said.slice(-CHAT_KEPT_LINES);
  expect(eve.state.chat!.length).toBe(CHAT_KEPT_LINES);
  expect(chatOf(eve).map((l) => l.said)).toEqual(kept);
  // A late spectator, and Bob after a reload, get the same lines with their first state.
  const late = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  expect(chatOf(late).map((l) => l.said)).toEqual(kept);
  bob.drop();
  await ann.waitFor((s) => !s.seats[1].connected);
  const bobAgain = await TableClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  expect(chatOf(bobAgain).map((l) => l.said)).toEqual(kept);
  // The ring goes on: the next line replaces the oldest.
  await ann.must('chat', { text: 'one more' });
  await late.sync();
  expect(chatOf(late).map((l) => l.said)).toEqual([...kept.slice(1), 'one more']);
  await Promise.all([ann.leave(), bobAgain.leave(), eve.leave(), late.leave()]);
});

test("a full chat of the longest lines makes a first state far larger than the encoder's buffer: a reload still gets its own secrets, and later patches decode", async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  await bob.waitFor((s) => s.phase !== 'lobby' && bob.view !== null, 5000, 'the game dealt');
  await bob.sync();
  const before = fieldsOf(bob, 1);
  // 100 lines of 200 four-byte characters: some 80 KB of state beside a seat's few secret bytes.
  const longest = (i: number) => `${i % 10}${'😀'.repeat(CHAT_MAX_LENGTH - 1)}`;
  for (let i = 0; i < CHAT_KEPT_LINES; i++) ann.sendRaw('chat', { text: longest(i) });
  await bob.waitFor((s) => chatLinesOf(s.chat).length === CHAT_KEPT_LINES, 10_000, 'every line');
  bob.drop();
  await ann.waitFor((s) => !s.seats[1].connected);
  const bobAgain = await TableClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  const watcher = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  for (const c of [bobAgain, watcher]) {
    expect(chatOf(c).map((l) => l.said)).toEqual(Array.from({ length: CHAT_KEPT_LINES }, (_, i) => longest(i)));
  }
  // Bob's seat has secrets (a hand, in every game), his again as they were; the watcher has none of them.
  const secrets = secretsOf(bobAgain, watcher, 1);
  expect(Object.keys(secrets).length).toBeGreaterThan(0);
  expect(secrets).toEqual(Object.fromEntries(Object.keys(secrets).map((field) => [field, before[field]])));
  expect(bobAgain.view).toEqual(bob.view);
  // The next patches (a line, the game's moves) decode on top of that state.
  await bobAgain.must('chat', { text: 'still here' });
  bobAgain.autoPlay();
  ann.autoPlay();
  await watcher.waitForMoves(4, 20_000, 'the game under way');
  await watcher.sync();
  expect(chatOf(watcher).at(-1)).toEqual({ seat: 1, name: 'Bob', said: 'still here' });
  expect(Object.keys(fieldsOf(watcher, 0)).filter((field) => field in secrets)).toEqual([]);
  await Promise.all([ann.leave(), bobAgain.leave(), watcher.leave()]);
});
