import { ColourId, RoomError, TableOptions } from '@samurai/shared';
import { cryptoRng } from '../crypto-rng';
import { confusableNames } from '../name-skeleton';
import type { GameSession, Refusal } from './game-module';
import type { Regroup, Removal } from './replay-room';
import type { RoomConfig } from './room-config';
import type { Member, Seating, SeatingResult } from './Seating';
import type { TableTime } from './TableTime';

/** The table's requests, by type: payloads as their schemas (tableMessages) parse them. */
export interface TablePayloads {
  addBot: { level?: string } | undefined;
  removeSeat: { seat: number };
  setOptions: Partial<TableOptions>;
  start: undefined;
  rematch: undefined;
  playAgain: undefined;
  seatToBot: { seat: number };
  concede: undefined;
  abandon: { agree: boolean };
  standIn: { seat: number };
  resume: undefined;
  letBack: { name: string };
  profile: { name?: string; colour?: ColourId };
  mute: { seat: number; muted: boolean };
  spectatorChat: { open: boolean };
}

/** What of its room the table's requests read and change. */
export interface RequestedTable {
  options: TableOptions;
  readonly config: RoomConfig;
  /** When each person last handed their seat to the bot, and last took it back (by `standIn:<id>`, `resume:<id>`). */
  readonly handovers: Map<string, number>;
  /** People the host removed (by name and address), who may not sit down again unless let back. */
  removals: Removal[];
  readonly seating: Seating;
  readonly session: GameSession;
  readonly time: TableTime;
  /** 'lobby' before the first game and at the table between games; else the game's phase. */
  readonly phase: string;
  /** At the table between games: who has said "play again" (see Table.regroup). */
  readonly regroup: Regroup | null;
  /** The host's rematch: back to the table (see Table.backToTable). */
  backToTable(host: Member): void;
  /** The people seated who have not said "play again". */
  notReady(): Member[];
  concede(member: Member): Refusal | undefined;
  giveSeatToBot(seat: number): Refusal | undefined;
  voteToAbandon(member: Member, agree: boolean): Refusal | undefined;
  /** The host removed this member from their seat: remembered, and their connection closed. */
  removed(member: Member): void;
  startGame(): void;
  /** "I'm back": the stand-in ends, or why it cannot yet. */
  resume(member: Member): Refusal | undefined;
}

type Handler<K extends keyof TablePayloads> = (table: RequestedTable, member: Member, payload: TablePayloads[K]) => Refusal | void;

/**
 * The table's requests (the game's own go to its session). One set of handlers for every room
 * (per-room closures would cost each room their memory). Each returns a refusal, or changes the
 * table and returns nothing: the room then mirrors, writes down and sends the change.
 */
export const TABLE_HANDLERS: { readonly [K in keyof TablePayloads]: Handler<K> } = {
  addBot: (table, member, payload) => asHostInLobby(table, member) ?? result(table.seating.addBot(payload?.level ?? table.options.botLevel)),
  removeSeat: (table, member, { seat }) => {
    const refused = asHostInLobby(table, member);
    if (refused) return refused;
    const removed = table.seating.remove(seat, member.id);
    if (!removed.ok) return result(removed);
    table.removed(removed.value);
  },
  setOptions: (table, member, changes) => {
    const refused = asHostInLobby(table, member);
    if (refused) return refused;
    if (changes.players !== undefined && changes.players !== table.options.players) {
      const resized = table.seating.setPlayers(changes.players);
      if (!resized.ok) return result(resized);
    }
    table.options = { ...table.options, ...changes };
  },
  start: (table, member) => {
    const refused = asHostInLobby(table, member);
    if (refused) return refused;
    const open = table.seating.seats.indexOf(null);
    if (open >= 0) return { error: RoomError.SeatsOpen, detail: `Seat ${open + 1} is empty.` };
    // Between games, the host's start is their "play again"; everyone else's is their own.
    table.regroup?.ready.add(member.id);
    const waiting = table.notReady();
    if (waiting.length > 0) return { error: RoomError.NotReady, detail: `Waiting for ${waiting.map((m) => m.name).join(', ')}.` };
    if (table.options.seatOrder === 'random') table.seating.shuffle(cryptoRng);
    table.startGame();
  },
  rematch: (table, member) => {
    if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    if (table.phase !== 'over') return { error: RoomError.NotOver };
    table.backToTable(member);
  },
  playAgain: (table, member) => {
    if (!table.regroup) return { error: RoomError.NoRematch };
    table.regroup.ready.add(member.id);
  },
  seatToBot: (table, member, { seat }) => {
    if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    return table.giveSeatToBot(seat);
  },
  concede: (table, member) => table.concede(member),
  abandon: (table, member, { agree }) => table.voteToAbandon(member, agree),
  standIn: (table, member, { seat }) => {
    // Anyone may hand their own seat to the bot (people step away from long games), once in a
    // while; the host may for a player who is away or keeps the table waiting, at any time.
    const own = table.seating.seatOf(member.id) === seat;
    if (!own && member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    if (table.phase === 'lobby') return { error: RoomError.NoGame };
    if (own) return handover(table, member, 'standIn', () => result(table.seating.standIn(seat, table.options.botLevel, true)));
    return result(table.seating.standIn(seat, table.options.botLevel, table.time.isIdle(seat)));
  },
  resume: (table, member) => {
    if (!member.standIn) return { error: RoomError.NotAway, detail: 'No bot is playing for you.' };
    return handover(table, member, 'resume', () => table.resume(member));
  },
  letBack: (table, member, { name }) => {
    if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    const before = table.removals.length;
    table.removals = table.removals.filter((r) => !confusableNames(r.name, name));
    if (table.removals.length === before) return { error: RoomError.NotRemoved, detail: `Nobody called ${name} was removed.` };
  },
  profile: (table, member, { name, colour }) => {
    if (table.phase !== 'lobby') return { error: RoomError.GameStarted };
    return result(table.seating.setProfile(member.id, name, colour));
  },
  mute: (table, member, { seat, muted }) => {
    if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    return result(table.seating.mute(seat, member.id, muted));
  },
  spectatorChat: (table, member, { open }) => {
    if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
    table.options = { ...table.options, spectatorChat: open };
  },
};

/**
 * A person's own handing over of their seat (`standIn`) or taking it back (`resume`): each at most
 * once per seatHandoverMs, counted when granted. (Neither starts their move's time again: see TableTime.)
 */
function handover(table: RequestedTable, member: Member, kind: 'standIn' | 'resume', grant: () => Refusal | undefined): Refusal | undefined {
  const key = `${kind}:${member.id}`;
  const now = Date.now();
  const interval = table.config.tableLimits.seatHandoverMs;
  const wait = (table.handovers.get(key) ?? -Infinity) + interval - now;
  if (wait > 0) {
    const what = kind === 'standIn' ? 'hand your seat to the bot' : 'take your seat back';
    return { error: RoomError.TooSoon, detail: `You may ${what} once every ${Math.ceil(interval / 1000)} s: again in ${Math.ceil(wait / 1000)} s.` };
  }
  const refused = grant();
  if (!refused) table.handovers.set(key, now);
  return refused;
}

function asHostInLobby(table: RequestedTable, member: Member): Refusal | undefined {
  if (member.id !== table.seating.hostId) return { error: RoomError.NotHost };
  if (table.phase !== 'lobby') return { error: RoomError.GameStarted };
  return undefined;
}

function result(outcome: SeatingResult<unknown>): Refusal | undefined {
  return outcome.ok ? undefined : { error: outcome.error, detail: outcome.detail };
}
