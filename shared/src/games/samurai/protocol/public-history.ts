/**
 * A late spectator scrubbing back: the room state a spectator received when the public log held
 * its first N entries, rebuilt from the room state a spectator holds now (its log and its pieces).
 * It reads nothing a spectator's state lacks, so it cannot show anything hidden: the board from
 * the log, the pieces by undoing the log's captures, switches and placements from today's pieces,
 * the tiles in hand and in stack counted from the plays and turns' ends, and a tally only where
 * a spectator sees one (2 players).
 */
import { boardFor, hexIndex, HEXES, PlayerCount } from '../board';
import { HAND_SIZE, PieceCounts, PIECES } from '../tiles';
import { decodeLogEntry, LogEntry } from './game-log';
import { packCounts, packPieces, unpackPieces } from './packing';
import { ClientRoomState, ClientSeatState } from './room-state';

const TILES_PER_SEAT = 20;

/** The first log length worth scrubbing back to: the game with its hands fixed (and a dealt setup on the board). */
export function firstScrubbable(log: ArrayLike<number>): number {
  let n = 0;
  while (n < log.length && ['hand', 'dealt'].includes(decodeLogEntry(log[n]).kind)) n++;
  return n;
}

function bitOf(piece: string): number {
  return 1 << PIECES.indexOf(piece as (typeof PIECES)[number]);
}

function settlementOf(hex: string): number {
  return HEXES[hexIndex(hex)].settlement;
}

/** Undoes one entry on the pieces (settlement masks): a capture puts its piece back, a switch swaps back, a placement lifts. */
function undoOnPieces(pieces: number[], entry: LogEntry): void {
  if (entry.kind === 'capture') pieces[settlementOf(entry.hex)] |= bitOf(entry.piece);
  else if (entry.kind === 'piece') pieces[settlementOf(entry.hex)] &= ~bitOf(entry.piece);
  else if (entry.kind === 'play' && entry.play.tile === 'switch') {
    // The switch put A's piece in B's settlement and B's in A's: back again.
    const [a, b] = entry.play.swap;
    const sa = settlementOf(a.hex);
    const sb = settlementOf(b.hex);
    pieces[sa] = (pieces[sa] & ~bitOf(b.piece)) | bitOf(a.piece);
    pieces[sb] = (pieces[sb] & ~bitOf(a.piece)) | bitOf(b.piece);
  }
}

/** What a spectator saw of the game when the log held a given number of entries (besides the log and the board it gives). */
export interface PublicPosition {
  readonly phase: 'pieces' | 'play';
  readonly seat: number;
  /** Per settlement, the castes present (bit mask). */
  readonly pieces: number[];
  readonly supply: PieceCounts;
  readonly aside: PieceCounts;
  /** Per seat; null where a spectator sees no tally (3–4 players). */
  readonly captured: (PieceCounts | null)[];
  readonly handCounts: number[];
  readonly stackCounts: number[];
}

/**
 * The position when the log held its first `entries` of `log` (decoded), from the pieces on the
 * board now (after the whole log): before the game's end, whatever the log's length.
 */
export function publicPositionAt(players: PlayerCount, log: readonly LogEntry[], piecesNow: readonly number[], entries: number): PublicPosition {
  const pieces = piecesNow.slice();
  for (let i = log.length - 1; i >= entries; i--) undoOnPieces(pieces, log[i]);
  const before = log.slice(0, entries);
  const dealt = log.some((e) => e.kind === 'dealt');
  const perCaste = boardFor(players).piecesPerCaste - 1;
  const supply: PieceCounts = dealt ? [0, 0, 0] : [perCaste, perCaste, perCaste];
  const aside: PieceCounts = [0, 0, 0];
  const captured = Array.from({ length: players }, (): PieceCounts => [0, 0, 0]);
  const hands = Array.from({ length: players }, () => HAND_SIZE);
  const stacks = Array.from({ length: players }, () => TILES_PER_SEAT - HAND_SIZE);
  let placed = 0;
  let seat = 0;
  for (const e of before) {
    if (e.kind === 'piece') {
      supply[PIECES.indexOf(e.piece)]--;
      placed++;
    } else if (e.kind === 'capture') (e.seat === null ? aside : captured[e.seat])[PIECES.indexOf(e.piece)]++;
    else if (e.kind === 'play') hands[e.seat]--;
    else if (e.kind === 'end' || e.kind === 'pass') {
      const draw = Math.min(stacks[e.seat], Math.max(0, HAND_SIZE - hands[e.seat]));
      hands[e.seat] += draw;
      stacks[e.seat] -= draw;
      seat = (e.seat + 1) % players;
    }
  }
  const setupDone = supply[0] + supply[1] + supply[2] === 0;
  return {
    phase: setupDone ? 'play' : 'pieces',
    seat: setupDone ? seat : placed % players,
    pieces,
    supply,
    aside,
    // What a spectator sees of a tally: with 2 players, all of it; with more, nothing before the end.
    captured: captured.map((c) => (players === 2 ? c : null)),
    handCounts: hands,
    stackCounts: stacks,
  };
}

/**
 * The spectator's room state when the log held its first `entries` entries (from
 * firstScrubbable(state.log) to its whole length; the whole length gives `state` back).
 */
export function spectatorStateAt(state: ClientRoomState, entries: number): ClientRoomState {
  const all = Array.from(state.log);
  if (!Number.isInteger(entries) || entries < firstScrubbable(all) || entries > all.length) {
    throw new Error(`spectatorStateAt: ${entries} is not a log length from ${firstScrubbable(all)} to ${all.length}`);
  }
  if (entries === all.length) return state;
  const at = publicPositionAt(state.options.players as PlayerCount, all.map(decodeLogEntry), unpackPieces(state.pieces), entries);
  const seats: ClientSeatState[] = Array.from(state.seats, (s, i) => ({
    ...s,
    handChosen: true,
    handCount: at.handCounts[i],
    stackCount: at.stackCounts[i],
    captured: at.captured[i] ? packCounts(at.captured[i]!) : -1,
  }));
  return {
    ...state,
    phase: at.phase,
    seat: at.seat,
    seats,
    pieces: packPieces(at.pieces),
    supply: packCounts(at.supply),
    aside: packCounts(at.aside),
    log: all.slice(0, entries),
    result: undefined,
  };
}
