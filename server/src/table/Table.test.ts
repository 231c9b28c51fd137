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
  sendPatch(): void {
    this.calls.push('sendPatch');
  }
  bindViews(): void {
    this.calls.push('bindViews');
  }
  removed(member: Member): void {
    this.removedMembers.push(member);
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

const samurai = GAMES.find((g) => g.name === 'samurai') as GameModule;
const tables: Table[] = [];

function newTable(config: Partial<RoomConfig> = {}, players = 2, code = 'ABCDEF'): { table: Table; outlet: RecordingOutlet } {
  const outlet = new RecordingOutlet();
  const options = { ...samurai.defaultOptions, botDelayMs: 5, players };
  const table = new Table(
    samurai,
    { ...DEFAULT_ROOM_CONFIG, ...config },
    { code, options, seating: new Seating(players), lease: null, replayed: null },
    outlet,
  );
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
    const replayed = replayRoom(stored!, samurai, Date.now());
    const outlet = new RecordingOutlet();
    const back = new Table(
      samurai,
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
    const replayed = replayRoom(stored!, samurai, Date.now());
    expect(replayed.clock).toEqual(JSON.parse(table.time.clockEvent()!.data));
    expect(replayed.clock!.seats[annSeat]).toMatchObject({ running: false, paused: false });
    expect(replayed.clock!.seats[annSeat].leftMs).toBeGreaterThan(0);
  });
});
