import { Client } from 'colyseus.js';
import { JOIN_REFUSED, JoinOptions, parseJoinError, RoomError } from '@samurai/shared';
import { TableClient } from './test-support/TableClient';
import { useTestServer } from './test-support/boot';

jest.setTimeout(60_000);

const server = useTestServer();

/** The error code a join is refused with, or null when it is accepted (the seat is left again). */
async function joinAs(code: string, options: JoinOptions): Promise<string | null> {
  const outcome = await new Client(server.url).joinById(code, options).then(
    (room) => room,
    (e: Error & { code: number }) => e,
  );
  if (outcome instanceof Error) {
    expect(outcome.code).toBe(JOIN_REFUSED);
    return parseJoinError(outcome.message)?.code ?? outcome.message;
  }
  await outcome.leave();
  return null;
}

/** Names that look like "Alice" (each refused beside her) and why. */
const LOOK_ALIKES: [string, string][] = [
  ['ALICE', 'capitals'],
  ['alice', 'small letters'],
  ['Аlice', 'a Cyrillic А'],
  ['Alicе', 'a Cyrillic е'],
  ['Αlice', 'a Greek Α'],
  ['AIice', 'a capital I for the l'],
  ['A1ice', 'a digit 1 for the l'],
  ['Ａｌｉｃｅ', 'full-width letters'],
  ['𝐀𝐥𝐢𝐜𝐞', 'mathematical bold letters'],
  ['Alicé', 'an accent'],
  ['A\u0301lice', 'a combining accent'],
  ['Ali\u200bce', 'a zero-width space'],
  ['Al\u2060ice', 'a word joiner'],
  ['A l i c e', 'spaced out'],
  ['Alice.', 'a full stop'],
  ['~Alice~', 'decorated'],
];

/** Names that claim a role the table shows, however they are spelt. */
const ROLE_CLAIMS = ['Alice (host)', '[host] Bob', 'Bob （ｈｏｓｔ）', 'Host', 'H O S T', '(һost)', 'Bob | bot', 'Bob (you)', 'Spectator', 'Open seat'];

/** Names close to "Alice" (or to a bot's name) that are somebody else. */
const DISTINCT = ['Alicia', 'Ali', 'Alice 2', 'Ann Host', 'Hanna', 'ゆき', 'ユキ'];

describe('look-alike names at one table (real server, real sockets)', () => {
  let alice: TableClient;
  let bob: TableClient;

  beforeAll(async () => {
    alice = await TableClient.create(server.url, { name: 'Alice', options: { players: 4 } });
    bob = await TableClient.join(server.url, alice.code, { role: 'player', name: 'Bob' });
    await alice.must('addBot', { level: 'random' });
    await alice.waitFor((s) => s.seats[2].name === 'Hana', undefined, 'the bot Hana');
  });

  afterAll(async () => {
    await bob.room.leave();
    await alice.room.leave();
  });

  it.each(LOOK_ALIKES)('a newcomer cannot join as %s (%s) beside Alice', async (name) => {
    expect(await joinAs(alice.code, { role: 'player', name })).toBe(RoomError.NameTaken);
  });

  it.each(LOOK_ALIKES)('Bob cannot rename himself %s (%s)', async (name) => {
    const error = await bob.request('profile', { name });
    expect(error).toMatchObject({ code: RoomError.NameTaken });
    expect(error!.detail).toContain('Alice');
    expect(bob.state.seats[1].name).toBe('Bob');
  });

  it.each([
    ['Наnа', 'Cyrillic Н and а'],
    ['HANA', 'capitals'],
    ['Hanà', 'an accent'],
  ])('nobody can take %s (%s), a look-alike of the bot Hana', async (name) => {
    expect(await joinAs(alice.code, { role: 'player', name })).toBe(RoomError.NameTaken);
    expect(await bob.request('profile', { name })).toMatchObject({ code: RoomError.NameTaken });
  });

  it.each(ROLE_CLAIMS)('nobody can be called %s: it claims a role', async (name) => {
    expect(await joinAs(alice.code, { role: 'player', name })).toBe(RoomError.Malformed);
    const error = await bob.request('profile', { name });
    expect(error).toMatchObject({ code: RoomError.Malformed });
    expect(error!.detail).toMatch(/claim a role/);
    expect(bob.state.seats[1].name).toBe('Bob');
  });

  it.each(DISTINCT)('%s is somebody else: they may join, and Bob may take the name', async (name) => {
    expect(await joinAs(alice.code, { role: 'player', name })).toBeNull();
    expect(await bob.request('profile', { name })).toBeNull();
    await bob.waitFor((s) => s.seats[1].name === name, undefined, `Bob renamed ${name}`);
    await bob.must('profile', { name: 'Bob' });
  });
});

describe('a bot never gets a look-alike of a person', () => {
  it('skips the bot names that look like people seated', async () => {
    const host = await TableClient.create(server.url, { name: 'Наnа', options: { players: 4 } }); // Cyrillic Н and а
    const guest = await TableClient.join(server.url, host.code, { role: 'player', name: 'KENJI' });
    await host.must('addBot', { level: 'random' });
    await host.waitFor((s) => s.seats[2].name !== '', undefined, 'the bot');
    expect(host.state.seats[2].name).toBe('Yuki');
    await guest.room.leave();
    await host.room.leave();
  });
});
