import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RoomError } from '@samurai/shared';
import { GAMES } from '../games/registry';
import { openStore } from '../store/open-store';
import type { GameStore, RefusedWriteError } from '../store/game-store';
import type { GameModule } from './game-module';
import { replayRoom } from './replay-room';
import { say } from './chat-requests';
import { FloodCooldowns } from './FloodCooldowns';
import { ClientRecord, DEFAULT_ROOM_CONFIG, RoomConfig } from './room-config';
import { Member, Seating } from './Seating';
import { Table, TableOutlet } from './Table';
import { TABLE_HANDLERS } from './table-requests';

jest.setTimeout(20_000);

/** The table's side of a room, with no room: what it asked of its outlet, in order. */
class RecordingOutlet implements TableOutlet {
  readonly calls: string[] = [];
  readonly removedMembers: Member[] = [];
  readonly toBots: Member[] = [];
  sendPatch(): void {
    this.calls.push('sendPatch');
  }
  bindViews(): void {
    this.calls.push('bindViews');
  }
  removed(member: Member): void {
    this.removedMembers.push(member);
  }
  seatToBot(member: Member): void {
    this.toBots.push(member);
  }
  storeFailed(_error: RefusedWriteError): void {
    this.calls.push('storeFailed');
  }
  lost(): void {
    this.calls.push('lost');
  }
  tellStorageWaiting(): void {
    this.calls.push('tellStorageWaiting');
  }
}

/** The table knows no game: any of the registry's will do. */
const game: GameModule = GAMES[0];
const tables: Table[] = [];

function newTable(config: Partial<RoomConfig> = {}, players = 2, code = 'ABCDEF'): { table: Table; outlet: RecordingOutlet } {
  const outlet = new RecordingOutlet();
  const options = { ...game.defaultOptions, botDelayMs: 5, players };
  const table = new Table(game, { ...DEFAULT_ROOM_CONFIG, ...config }, { code, options, seating: new Seating(players), lease: null, replayed: null }, outlet);
  tables.push(table);
  return { table, outlet };
}

/** Seats a person, as the room does on a join that was taken. */
function join(table: Table, raw: unknown, address = '10.0.0.1'): Member {
  const admitted = table.admit(raw, address);
  if (!admitted.ok) throw new Error(`refused: ${admitted.error}`);
  if (admitted.role !== 'player') throw new Error('not seated');
  table.joined();
  table.changed();
  return admitted.member;
}

/** A table request, as message-dispatch makes it: handled, then mirrored and sent. */
function request<K extends keyof typeof TABLE_HANDLERS>(table: Table, member: Member, type: K, payload: Parameters<(typeof TABLE_HANDLERS)[K]>[2]) {
  const refusal = (TABLE_HANDLERS[type] as (t: Table, m: Member, p: unknown) => { error: string } | void)(table, member, payload);
  if (!refusal) table.changed();
  return refusal ?? undefined;
}

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(() => {
  for (const table of tables.splice(0)) table.dispose();
});

test('the creator sits down as host with the create options; others with the join options; spectators watch', () => {
  const { table, outlet } = newTable();
  const ann = join(table, { name: 'Ann' });
  expect(table.seating.hostId).toBe(ann.id);
  expect(table.awaitingCreator).toBe(false);
  const bob = join(table, { role: 'player', name: 'Bob' });
  expect(table.seating.seats.map((m) => m?.name)).toEqual(['Ann', 'Bob']);
  expect(table.seating.hostId).toBe(ann.id);
  const watcher = table.admit({ role: 'spectator', name: 'Cy' }, '10.0.0.3');
  expect(watcher).toMatchObject({ ok: true, role: 'spectator', welcome: { role: 'spectator', seatToken: null } });
  expect(table.seating.spectators).toBe(1);
  // The state mirrors the table, and every change went out after the views were bound.
  expect(table.state.host).toBe(ann.id);
  expect(table.state.code).toBe('ABCDEF');
  expect(outlet.calls.filter((c) => c === 'bindViews').length).toBe(2);
  expect(outlet.calls.at(-1)).toBe('sendPatch');
  expect(bob.id).not.toBe(ann.id);
});

test('a full table and a started game refuse newcomers; a seat token takes the seat back', () => {
  const { table } = newTable();
  join(table, { name: 'Ann' });
  const bob = table.admit({ role: 'player', name: 'Bob' }, '10.0.0.2');
  if (!bob.ok || bob.role !== 'player') throw new Error('Bob was not seated');
  expect(table.admit({ role: 'player', name: 'Cy' }, '10.0.0.3')).toMatchObject({ ok: false, error: RoomError.Full });
  expect(table.admit({ seatToken: 'x'.repeat(32) }, '10.0.0.3')).toMatchObject({ ok: false, error: RoomError.SeatToken });
  expect(table.admit({ seatToken: bob.token }, '10.0.0.9')).toMatchObject({ ok: true, role: 'player', member: { id: bob.member.id } });
  expect(table.admit({ bogus: true }, '10.0.0.3')).toMatchObject({ ok: false, error: RoomError.Malformed });
});

test('the host passes on when the host leaves the lobby, and a removed person stays out until let back', () => {
  const { table, outlet } = newTable({}, 3);
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  const cy = join(table, { role: 'player', name: 'Cy' }, '10.0.0.3');
  expect(request(table, bob, 'removeSeat', { seat: 2 })).toMatchObject({ error: RoomError.NotHost });
  expect(request(table, ann, 'removeSeat', { seat: 2 })).toBeUndefined();
  expect(outlet.removedMembers.map((m) => m.name)).toEqual(['Cy']);
  expect(table.state.removed.toArray()).toEqual(['Cy']);
  // Neither by a look-alike name nor from the same address.
  expect(table.admit({ role: 'player', name: 'CY' }, '10.0.0.7')).toMatchObject({ ok: false, error: RoomError.Removed });
  expect(table.admit({ role: 'player', name: 'Dee' }, '10.0.0.3')).toMatchObject({ ok: false, error: RoomError.Removed });
  expect(request(table, ann, 'letBack', { name: 'Cy' })).toBeUndefined();
  expect(table.admit({ role: 'player', name: 'Cy' }, '10.0.0.3')).toMatchObject({ ok: true });
  // The host leaves before the game: the seat opens and the role passes to a person still here.
  table.left(ann.id, true);
  table.changed();
  expect(table.seating.byId(ann.id)).toBeUndefined();
  expect(table.seating.hostId).toBe(bob.id);
  expect(cy.id).toBeDefined();
});

test('a player who leaves a game under way keeps their seat, away; the host keeps the role through a short absence', () => {
  const { table } = newTable({ hostGraceMs: 60_000 });
  const ann = join(table, { name: 'Ann' });
  join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(table.session.phase).not.toBe('lobby');
  table.left(ann.id, true);
  table.changed();
  expect(table.seating.byId(ann.id)).toMatchObject({ connected: false });
  expect(table.seating.hostId).toBe(ann.id);
  expect(table.admit({ role: 'player', name: 'Cy' }, '10.0.0.3')).toMatchObject({ ok: false, error: RoomError.GameStarted });
});

test('a bot seat plays by itself after the delay, one move at a time, each written and sent', async () => {
  const { table, outlet } = newTable();
  const ann = join(table, { name: 'Ann' });
  expect(request(table, ann, 'addBot', {})).toBeUndefined();
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(table.state.game).toBe(1);
  const botSeat = table.seating.seats.findIndex((m) => m?.bot);
  const humanSeat = 1 - botSeat;
  const sent = () => outlet.calls.filter((c) => c === 'sendPatch').length;
  const atStart = sent();
  // Nobody asks: the bot's move comes after the delay, and goes out like any other.
  await until(() => sent() > atStart, "the bot's move");
  expect(table.session.automatedSeat((s) => table.seating.botAt(s))).not.toBe(humanSeat);
  // The person's move is theirs to make: no bot plays it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(table.session.seatsToAct()).toContain(humanSeat);
});

test('an idle person may have a bot stand in; it makes the move they kept the table waiting for, then the seat is theirs again', async () => {
  const { table } = newTable({ idleAfterMs: 0 });
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'standIn', { seat: 1 })).toMatchObject({ error: RoomError.NoGame });
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  const [due] = table.session.seatsToAct();
  const person = table.seating.seats[due]!;
  const other = person.id === ann.id ? bob : ann;
  // Not the host, not their own seat: refused.
  if (other.id !== ann.id) expect(request(table, other, 'standIn', { seat: due })).toMatchObject({ error: RoomError.NotHost });
  expect(table.time.isIdle(due)).toBe(true);
  expect(request(table, ann, 'standIn', { seat: due })).toBeUndefined();
  expect(table.seating.seats[due]?.standIn).not.toBeNull();
  // While the bot makes the move its person kept the table waiting for, "I'm back" waits.
  if (table.time.owedByStandIn(due)) expect(table.resume(person)).toMatchObject({ error: RoomError.BotMoving });
  await until(() => !table.session.seatsToAct().includes(due), 'the stand-in to make the owed move');
  // A stand-in keeps playing until its person takes the seat back.
  expect(table.resume(person)).toBeUndefined();
  expect(table.seating.seats[due]?.standIn).toBeNull();
});

test("a person's own stand-in taken back leaves no bot's move pending, so the next stand-in waits its whole delay", () => {
  const { table } = newTable({ tableLimits: { ...DEFAULT_ROOM_CONFIG.tableLimits, seatHandoverMs: 0 } });
  const ann = join(table, { name: 'Ann' });
  join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  const [due] = table.session.seatsToAct();
  const person = table.seating.seats[due]!;
  expect(table.movesByItself()).toBe(false);
  // "Let a bot play for me", then "I'm back" before the bot's delay is up.
  expect(request(table, person, 'standIn', { seat: due })).toBeUndefined();
  expect(table.movesByItself()).toBe(true);
  expect(request(table, person, 'resume', undefined)).toBeUndefined();
  expect(table.seating.seats[due]?.standIn).toBeNull();
  // The bot's timer went with it: a stand-in asked for again sets a new one, not the old one's rest.
  expect(table.movesByItself()).toBe(false);
});

test("a rematch is the host's, once the game is over", () => {
  const { table } = newTable();
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'rematch', undefined)).toMatchObject({ error: RoomError.NotOver });
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(request(table, bob, 'rematch', undefined)).toMatchObject({ error: RoomError.NotHost });
  expect(request(table, ann, 'rematch', undefined)).toMatchObject({ error: RoomError.NotOver });
  expect(request(table, bob, 'playAgain', undefined)).toMatchObject({ error: RoomError.NoRematch });
});

/** Every person's seat handed to the bot: the game plays itself to its end. */
async function playToTheEnd(table: Table, people: Member[]): Promise<void> {
  for (const person of people) expect(request(table, person, 'standIn', { seat: table.seating.seatOf(person.id) })).toBeUndefined();
  await until(() => table.session.phase === 'over', 'the end of the game, bots playing every seat', 15_000);
}

const handoversAnyTime = { tableLimits: { ...DEFAULT_ROOM_CONFIG.tableLimits, seatHandoverMs: 0 } };

test('a rematch goes back to the table: options and seats change, stand-ins end, and the next game waits for every "play again"', async () => {
  const { table, outlet } = newTable(handoversAnyTime, 3);
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  const cy = join(table, { role: 'player', name: 'Cy' }, '10.0.0.3');
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  await playToTheEnd(table, [ann, bob, cy]);
  expect(table.state.phase).toBe('over');
  // Options wait for the table.
  expect(request(table, ann, 'setOptions', { botDelayMs: 10 })).toMatchObject({ error: RoomError.GameStarted });
  expect(request(table, ann, 'rematch', undefined)).toBeUndefined();
  // Back at the table: the lobby again, seats rotated by one, every person their own seat again.
  expect(table.state.phase).toBe('lobby');
  expect(table.state.game).toBe(1);
  expect(table.seating.seats.map((m) => m?.name)).toEqual(['Bob', 'Cy', 'Ann']);
  expect(table.seating.members.every((m) => m.standIn === null)).toBe(true);
  // The host has said "play again" by calling the rematch; the others have not yet.
  expect(table.state.playAgain).toBe(0b100);
  expect(request(table, ann, 'setOptions', { botDelayMs: 10 })).toBeUndefined();
  expect(table.options.botDelayMs).toBe(10);
  expect(request(table, ann, 'start', undefined)).toMatchObject({ error: RoomError.NotReady, detail: 'Waiting for Bob, Cy.' });
  expect(request(table, bob, 'playAgain', undefined)).toBeUndefined();
  expect(table.state.playAgain).toBe(0b101);
  // Cy does not answer: the host gives the seat to a bot (Cy's connection closes, the bot is one like any other).
  expect(request(table, ann, 'seatToBot', { seat: 0 })).toMatchObject({ error: RoomError.NotReplaceable });
  expect(request(table, bob, 'seatToBot', { seat: 1 })).toMatchObject({ error: RoomError.NotHost });
  expect(request(table, ann, 'seatToBot', { seat: 1 })).toBeUndefined();
  expect(outlet.toBots.map((m) => m.name)).toEqual(['Cy']);
  expect(table.seating.seats[1]).toMatchObject({ bot: table.options.botLevel, tokenHash: null });
  expect(table.seating.seats[1]?.id).not.toBe(cy.id);
  expect(table.state.seats[1].kind).toBe('bot');
  // The host may open the bot's seat, and a newcomer sits down in it ready to play.
  expect(request(table, ann, 'removeSeat', { seat: 1 })).toBeUndefined();
  const dee = join(table, { role: 'player', name: 'Dee' }, '10.0.0.4');
  expect(table.seating.seatOf(dee.id)).toBe(1);
  expect(table.state.playAgain).toBe(0b111);
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(table.state.game).toBe(2);
  expect(table.state.phase).not.toBe('lobby');
  expect(table.state.playAgain).toBe(0);
});

test('one who does not play again leaves their seat at the table between games; it opens for the host to fill', async () => {
  const { table } = newTable(handoversAnyTime);
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  await playToTheEnd(table, [ann, bob]);
  expect(request(table, ann, 'rematch', undefined)).toBeUndefined();
  table.left(bob.id, true);
  table.changed();
  expect(table.seating.byId(bob.id)).toBeUndefined();
  expect(request(table, ann, 'start', undefined)).toMatchObject({ error: RoomError.SeatsOpen });
  expect(request(table, ann, 'addBot', {})).toBeUndefined();
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(table.state.game).toBe(2);
});

test('a person who concedes leaves the game to a bot under their name and colour; the finished game lists them', async () => {
  const { table, outlet } = newTable(handoversAnyTime, 3);
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  const cy = join(table, { role: 'player', name: 'Cy' }, '10.0.0.3');
  expect(request(table, bob, 'concede', undefined)).toMatchObject({ error: RoomError.NoGame });
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  const seat = table.seating.seatOf(bob.id);
  const colour = bob.colour;
  expect(request(table, bob, 'concede', undefined)).toBeUndefined();
  expect(outlet.toBots.map((m) => m.name)).toEqual(['Bob']);
  expect(table.seating.seats[seat]).toMatchObject({ id: bob.id, name: 'Bob', colour, bot: table.options.botLevel, tokenHash: null });
  expect(table.state.seats[seat].kind).toBe('bot');
  // The seat's token is no longer a way in.
  expect(table.seating.byId(bob.id)?.tokenHash).toBeNull();
  // The host concedes too: the role passes to the person still playing.
  expect(request(table, ann, 'concede', undefined)).toBeUndefined();
  expect(table.seating.hostId).toBe(cy.id);
  await playToTheEnd(table, [cy]);
  const finished = (table as unknown as { finishedGame(record: object): { game: { summary: string } } }).finishedGame({});
  expect(JSON.parse(finished.game.summary)).toMatchObject({
    leavers: [
      { seat, name: 'Bob', why: 'conceded' },
      { seat: expect.any(Number), name: 'Ann', why: 'conceded' },
    ],
  });
});

test('a majority of the people seated abandons the game: no winner, no moves, back at the table; a vote may be withdrawn', () => {
  const { table } = newTable({}, 3);
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  const cy = join(table, { role: 'player', name: 'Cy' }, '10.0.0.3');
  expect(request(table, ann, 'abandon', { agree: true })).toMatchObject({ error: RoomError.NoGame });
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  const phase = table.state.phase;
  expect(request(table, bob, 'abandon', { agree: true })).toBeUndefined();
  expect(request(table, bob, 'abandon', { agree: false })).toBeUndefined();
  expect(request(table, ann, 'abandon', { agree: true })).toBeUndefined();
  // One of three is no majority.
  expect(table.state.phase).toBe(phase);
  expect(table.state.abandonVotes).toBe(1 << table.seating.seatOf(ann.id));
  expect(request(table, cy, 'abandon', { agree: true })).toBeUndefined();
  expect(table.state.phase).toBe('lobby');
  expect(table.state.abandoned).toBe(true);
  expect(table.state.abandonVotes).toBe(0);
  expect(table.session.phase).toBe('over');
  expect(table.session.seatsToAct()).toEqual([]);
  expect(table.movesByItself()).toBe(false);
  // Nobody has said "play again" yet, and the old game takes no move.
  expect(table.state.playAgain).toBe(0);
  expect(table.gameIntent(ann, 'anything', undefined)).toMatchObject({ error: RoomError.NoGame });
  expect(request(table, ann, 'start', undefined)).toMatchObject({ error: RoomError.NotReady });
  expect(request(table, bob, 'playAgain', undefined)).toBeUndefined();
  expect(request(table, cy, 'playAgain', undefined)).toBeUndefined();
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  expect(table.state.abandoned).toBe(false);
  expect(table.state.game).toBe(2);
});

test('bots do not vote: the people seated decide alone', () => {
  const { table } = newTable({}, 3);
  const ann = join(table, { name: 'Ann' });
  join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'addBot', {})).toBeUndefined();
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  // One of two people is no majority, whatever the bot's seat.
  expect(request(table, ann, 'abandon', { agree: true })).toBeUndefined();
  expect(table.state.phase).not.toBe('lobby');
});

test('a person whose clock ran out three times in a row may have their seat given to a bot by the host, for the rest of the game', async () => {
  const clockRules = { ...DEFAULT_ROOM_CONFIG.clockRules, 'move-30s': { kind: 'move' as const, moveMs: 40 } };
  const { table } = newTable({ ...handoversAnyTime, clockRules });
  table.options = { ...table.options, clock: 'move-30s' };
  const ann = join(table, { name: 'Ann' });
  const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
  expect(request(table, ann, 'start', undefined)).toBeUndefined();
  // Ann hands her seat to the bot (her clock stops); Bob's clock runs out on every move of his.
  expect(request(table, ann, 'standIn', { seat: table.seating.seatOf(ann.id) })).toBeUndefined();
  const seat = table.seating.seatOf(bob.id);
  expect(request(table, ann, 'seatToBot', { seat })).toMatchObject({ error: RoomError.NotReplaceable });
  for (let n = 1; n <= 3; n++) {
    await until(() => table.time.timeoutsInARow[seat] === n, `Bob's clock running out (${n})`);
    expect(table.state.timedOut).toBe(n < 3 ? 0 : 1 << seat);
    if (n < 3) expect(request(table, ann, 'seatToBot', { seat })).toMatchObject({ error: RoomError.NotReplaceable });
    // "I'm back" once the bot has made the move he owed: the next is his again, and his clock runs.
    if (n < 3) await until(() => request(table, bob, 'resume', undefined) === undefined, 'Bob back at his seat');
  }
  expect(request(table, ann, 'seatToBot', { seat })).toBeUndefined();
  expect(table.seating.seats[seat]).toMatchObject({ id: bob.id, name: 'Bob', bot: table.options.botLevel });
  expect(table.state.timedOut).toBe(0);
  expect(request(table, ann, 'seatToBot', { seat })).toMatchObject({ error: RoomError.BadSeat });
});

test('chat goes into the state and the log; the host closes it to spectators; a game intent in the lobby is refused', () => {
  const { table, outlet } = newTable();
  const ann = join(table, { name: 'Ann' });
  const record: ClientRecord = { role: 'player', memberId: ann.id, limiter: null as never, address: '', boundSeat: null, secrets: [], name: '' };
  const before = outlet.calls.length;
  expect(say(table, ann, record, { text: 'hello' }, 's1')).toBeUndefined();
  expect(table.chat.lines()).toHaveLength(1);
  expect(outlet.calls.slice(before)).toEqual(['sendPatch']);
  expect(request(table, ann, 'spectatorChat', { open: false })).toBeUndefined();
  const watcher: ClientRecord = { ...record, role: 'spectator', memberId: null, name: 'Cy' };
  expect(say(table, null, watcher, { text: 'hi' }, 's2')).toMatchObject({ error: RoomError.ChatClosed });
  expect(table.chat.lines()).toHaveLength(1);
  expect(table.gameIntent(ann, 'endTurn', undefined)).toMatchObject({ error: RoomError.NoGame });
});

test('a flooding seat or address waits before it comes back, twice as long each time', () => {
  const cooldowns = new FloodCooldowns(1000);
  expect(cooldowns.check('address:a', 0)).toBeNull();
  cooldowns.start(['address:a', 'member:m1'], 0);
  expect(cooldowns.check('address:a', 999)).toMatchObject({ ok: false, error: RoomError.CoolingDown, detail: expect.stringContaining('1 s') });
  expect(cooldowns.check('member:m1', 1000)).toBeNull();
  cooldowns.start(['address:a'], 1000);
  expect(cooldowns.check('address:a', 2999)).not.toBeNull();
  expect(cooldowns.check('address:a', 3000)).toBeNull();
});

describe('with a store', () => {
  let dataDir: string;
  let store: GameStore;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'table-test-'));
    store = await openStore({ dataDir });
  });

  afterEach(async () => {
    for (const table of tables.splice(0)) table.dispose();
    await store.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the journal writes the seats and the game; a table replayed from it has the same seats, host, game and clocks', async () => {
    const { table } = newTable({ store, clockRules: DEFAULT_ROOM_CONFIG.clockRules }, 2, 'TBLONE');
    table.options = { ...table.options, clock: 'bank-5m-5s' };
    const ann = join(table, { name: 'Ann' });
    join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
    expect(request(table, ann, 'start', undefined)).toBeUndefined();
    table.stopForRestart();
    await new Promise<void>((resolve) => table.journal.whenSettled(resolve));
    const stored = await store.liveRoom('TBLONE');
    expect(stored).not.toBeNull();
    const replayed = replayRoom(stored!, game, Date.now());
    const outlet = new RecordingOutlet();
    const back = new Table(
      game,
      { ...DEFAULT_ROOM_CONFIG, store },
      { code: 'TBLONE', options: replayed.table.options, seating: replayed.seating, lease: null, replayed },
      outlet,
    );
    tables.push(back);
    expect(back.awaitingCreator).toBe(false);
    expect(back.seating.seats.map((m) => m?.name)).toEqual(['Ann', 'Bob']);
    expect(back.seating.hostId).toBe(ann.id);
    expect(back.session.phase).toBe(table.session.phase);
    expect(back.session.seatsToAct()).toEqual(table.session.seatsToAct());
    expect(back.state.game).toBe(1);
    expect(back.options.clock).toBe('bank-5m-5s');
    // Everyone is away until their browser comes back.
    expect(back.seating.members.every((m) => !m.connected)).toBe(true);
  });

  /** The table as its log has it now, taken up again as a restart would. */
  async function replayed(table: Table, code: string): Promise<Table> {
    table.stopForRestart();
    await new Promise<void>((resolve) => table.journal.whenSettled(resolve));
    const stored = await store.liveRoom(code);
    const room = replayRoom(stored!, game, Date.now());
    const back = new Table(
      game,
      { ...DEFAULT_ROOM_CONFIG, store },
      { code, options: room.table.options, seating: room.seating, lease: null, replayed: room },
      new RecordingOutlet(),
    );
    tables.push(back);
    return back;
  }

  test('a conceded seat, the votes to abandon and an abandoned game come back from the log as they were; the abandoned game is recorded with no winner', async () => {
    const { table } = newTable({ store }, 3, 'TBLTWO');
    const ann = join(table, { name: 'Ann' });
    const bob = join(table, { role: 'player', name: 'Bob' }, '10.0.0.2');
    const cy = join(table, { role: 'player', name: 'Cy' }, '10.0.0.3');
    expect(request(table, ann, 'start', undefined)).toBeUndefined();
    expect(request(table, cy, 'concede', undefined)).toBeUndefined();
    expect(request(table, ann, 'abandon', { agree: true })).toBeUndefined();
    const voting = await replayed(table, 'TBLTWO');
    expect(voting.seating.byId(cy.id)).toMatchObject({ bot: table.options.botLevel, name: 'Cy', tokenHash: null });
    expect(voting.state.abandonVotes).toBe(table.state.abandonVotes);
    expect(voting.state.abandonVotes).not.toBe(0);
    // The vote goes on in the table taken up again: Bob makes the majority of the two people.
    const bobBack = voting.seating.byId(bob.id)!;
    expect(request(voting, bobBack, 'abandon', { agree: true })).toBeUndefined();
    expect(voting.state.abandoned).toBe(true);
    const games = await store.games('TBLTWO');
    expect(games).toHaveLength(1);
    expect(JSON.parse(games[0].summary)).toMatchObject({ abandoned: true, leavers: [{ name: 'Cy', why: 'conceded' }] });
    expect(JSON.parse(games[0].summary).winners ?? []).toEqual([]);
    const record = await store.record('TBLTWO', 1);
    expect(JSON.parse(record!.record)).toMatchObject({ abandoned: true, gameNumber: 1, state: expect.any(Object) });
    // After another restart: still at the table between games, the old game over and taking no move.
    const atTable = await replayed(voting, 'TBLTWO');
    expect(atTable.state.phase).toBe('lobby');
    expect(atTable.state.abandoned).toBe(true);
    expect(atTable.session.phase).toBe('over');
    expect(atTable.movesByItself()).toBe(false);
    expect(request(atTable, atTable.seating.byId(bob.id)!, 'playAgain', undefined)).toBeUndefined();
    const third = await replayed(atTable, 'TBLTWO');
    expect(third.state.playAgain).toBe(1 << third.seating.seatOf(bob.id));
  });

  test('a move that stops or starts a clock is written with the clocks in one append, and a replay has them', async () => {
    const { table } = newTable({ store, clockRules: DEFAULT_ROOM_CONFIG.clockRules }, 2, 'TBLTWO');
    table.options = { ...table.options, clock: 'bank-5m-5s' };
    const ann = join(table, { name: 'Ann' });
    expect(request(table, ann, 'addBot', {})).toBeUndefined();
    expect(request(table, ann, 'start', undefined)).toBeUndefined();
    const annSeat = table.seating.seatOf(ann.id);
    // Ann's turn (after the bot's, should it come first): her clock runs.
    await until(() => table.session.seatsToAct().includes(annSeat), "Ann's turn");
    const appends = jest.spyOn(store, 'appendThen');
    // The bot makes the move Ann began, on her clock; the move that ends it stops her clock.
    expect(request(table, ann, 'standIn', { seat: annSeat })).toBeUndefined();
    await until(() => !table.session.seatsToAct().includes(annSeat), "the stand-in's move");
    await new Promise<void>((resolve) => table.journal.whenSettled(resolve));
    const kinds = appends.mock.calls.map((call) => call[2].map((event) => event.kind));
    // The clocks changed with a move, in its append; no append carries the clocks alone.
    expect(kinds.filter((k) => k.includes('clock') && !k.includes('move'))).toEqual([]);
    expect(kinds.filter((k) => k.includes('clock') && k.includes('move')).length).toBeGreaterThan(0);
    table.dispose();
    // Nobody's clock runs now (a bot's turn, or Ann's with the bot standing in): the replay has the clocks as they stand.
    const stored = await store.liveRoom('TBLTWO');
    const replayed = replayRoom(stored!, game, Date.now());
    expect(replayed.clock).toEqual(JSON.parse(table.time.clockEvent()!.data));
    expect(replayed.clock!.seats[annSeat]).toMatchObject({ running: false, paused: false });
    expect(replayed.clock!.seats[annSeat].leftMs).toBeGreaterThan(0);
  });
});
