import { Board, boardFor, SETTLEMENT_COUNT } from '../board';
import { influenceInto, openLand } from '../capture';
import { BoardPiece, canSwap, legalPlacements, movableTiles, piecesOnBoard } from '../legal';
import { turnHasNonFast } from '../plays';
import { Rng } from '../../../random';
import { Move, Table } from '../state';
import { TileName, TILES } from '../tiles';
import { Bot } from './bot';
import { moveKey, pieceCode, placeKey, playOfKey, switchKey } from './move-keys';

/**
 * What one piece at a settlement is worth to us: certain once the settlement is surrounded
 * (+1 we take it, -1 another seat does, 0 set aside); before that, our lead over the strongest
 * other seat, saturating, and discounted while many land hexes are still open to the others.
 */
export function pieceValue(ours: number, theirs: number, open: number): number {
  if (open <= 0) return ours > theirs ? 1 : ours < theirs ? -1 : 0;
  return Math.tanh((ours - theirs) / 3) / (1 + 0.25 * (open - 1));
}

/** Below this gain a further fast tile is not worth playing: the turn ends. */
const WORTH_PLAYING = 0.02;
/** Gains this close are a tie, broken at random. */
const TIE = 1e-9;

// pieceValue's values for the leads and open hexes a board can have, worked out once: the greedy
// bot weighs every play of a turn this way, and it plays every seat of the expert's rollouts.
const MAX_LEAD = 48;
const MAX_OPEN = 7;
const PIECE_VALUES = new Float64Array((2 * MAX_LEAD + 1) * (MAX_OPEN + 1));
for (let lead = -MAX_LEAD; lead <= MAX_LEAD; lead++) {
  for (let open = 0; open <= MAX_OPEN; open++) PIECE_VALUES[(lead + MAX_LEAD) * (MAX_OPEN + 1) + open] = pieceValue(lead, 0, open);
}

/** pieceValue, from the table where it holds the value. */
function valueOf(ours: number, theirs: number, open: number): number {
  const lead = ours - theirs;
  if (lead < -MAX_LEAD || lead > MAX_LEAD || open < 0 || open > MAX_OPEN) return pieceValue(ours, theirs, open);
  return PIECE_VALUES[(lead + MAX_LEAD) * (MAX_OPEN + 1) + open];
}

// The Evaluator's arrays, reused from decision to decision (one evaluator is in use at a time;
// new typed arrays each decision kept the collector busy in the expert's rollouts).
/** Per seat and caste, the influence at one settlement. */
const sums = new Int32Array(4 * 3);
const oursAt = new Int32Array(SETTLEMENT_COUNT * 3);
const theirsAt = new Int32Array(SETTLEMENT_COUNT * 3);
const openAt = new Int32Array(SETTLEMENT_COUNT);
const valueAt = new Float64Array(SETTLEMENT_COUNT);

/**
 * Per settlement with pieces: our and the strongest other seat's influence on each caste, the
 * land still open, and the value of its pieces as they stand; flat arrays (settlement * 3 + caste),
 * built once per decision without an allocation per settlement.
 */
class Evaluator {
  private readonly ours = oursAt;
  private readonly theirs = theirsAt;
  private readonly open = openAt;
  /** The value of each settlement's pieces as things stand (NaN: none there). */
  private readonly now = valueAt.fill(NaN);
  private readonly board: Board;

  constructor(
    private readonly table: Table,
    seat: number,
  ) {
    const board = (this.board = boardFor(table.players));
    const players = table.players;
    for (const s of board.settlements) {
      if (!table.pieces[s]) continue;
      influenceInto(table, board, s, sums);
      for (let c = 0; c < 3; c++) {
        let most = 0;
        for (let p = 0; p < players; p++) if (p !== seat && sums[p * 3 + c] > most) most = sums[p * 3 + c];
        this.ours[s * 3 + c] = sums[seat * 3 + c];
        this.theirs[s * 3 + c] = most;
      }
      this.open[s] = openLand(table, s);
      this.now[s] = this.settlementValue(s, 0, 0, 0, table.pieces[s]);
    }
  }

  /** Value of the pieces of `mask` at a settlement, with `dOurs` more influence on the castes of `dMask` and `dOpen` fewer open hexes. */
  private settlementValue(s: number, dMask: number, dOurs: number, dOpen: number, mask: number): number {
    let v = 0;
    for (let c = 0; c < 3; c++) {
      if (mask & (1 << c)) v += valueOf(this.ours[s * 3 + c] + (dMask & (1 << c) ? dOurs : 0), this.theirs[s * 3 + c], this.open[s] - dOpen);
    }
    return v;
  }

  /** Gain from placing one of our tiles (`strength` on the castes of `mask`) on `hex`, filling it if `fills`. */
  placeGain(hex: number, strength: number, mask: number, fills: boolean): number {
    let gain = 0;
    for (const s of this.board.adjacentSettlements[hex]) {
      if (Number.isNaN(this.now[s])) continue;
      gain += this.settlementValue(s, mask, strength, fills ? 1 : 0, this.table.pieces[s]) - this.now[s];
    }
    return gain;
  }

  /** Gain from moving our tile (`strength` on the castes of `mask`) from `from` to the empty land `to`. */
  moveGain(from: number, to: number, strength: number, mask: number): number {
    const nearFrom = this.board.adjacentSettlements[from];
    const nearTo = this.board.adjacentSettlements[to];
    let gain = 0;
    const add = (s: number) => {
      if (Number.isNaN(this.now[s])) return;
      const leaves = nearFrom.includes(s);
      const arrives = nearTo.includes(s);
      // Leaving and arriving next to the same settlement: the influence there stays as it was.
      const d = (leaves ? -strength : 0) + (arrives ? strength : 0);
      gain += this.settlementValue(s, mask, d, arrives ? 1 : 0, this.table.pieces[s]) - this.now[s];
    };
    for (const s of nearFrom) add(s);
    for (const s of nearTo) if (!nearFrom.includes(s)) add(s);
    return gain;
  }

  swapGain(a: BoardPiece, b: BoardPiece): number {
    const pieces = this.table.pieces;
    const afterA = (pieces[a.settlement] & ~(1 << a.caste)) | (1 << b.caste);
    const afterB = (pieces[b.settlement] & ~(1 << b.caste)) | (1 << a.caste);
    return (
      this.settlementValue(a.settlement, 0, 0, 0, afterA) +
      this.settlementValue(b.settlement, 0, 0, 0, afterB) -
      this.now[a.settlement] -
      this.now[b.settlement]
    );
  }
}

/** Keeps the best candidate seen (a play's key), choosing uniformly among ties. */
class Best {
  value = -Infinity;
  key = -1;
  private ties = 0;

  constructor(private readonly rng: Rng) {}

  readonly offer = (value: number, key: number): void => {
    if (value > this.value + TIE) {
      this.value = value;
      this.key = key;
      this.ties = 1;
    } else if (value >= this.value - TIE && this.rng.int(++this.ties) === 0) {
      this.key = key;
    }
  };
}

/**
 * Every distinct play `seat` may make now (identical tiles once), each offered with its gain by
 * the greedy bot's measure and its key (move-keys.ts), in a fixed order.
 */
export function forEachPlay(table: Table, seat: number, offer: (gain: number, key: number) => void): void {
  const hand = table.hands[seat]!;
  const board = boardFor(table.players);
  const evaluator = new Evaluator(table, seat);
  const nonFastAllowed = !turnHasNonFast(table);
  const emptyLand = board.landHexes.filter((h) => table.hexOwner[h] < 0);

  for (let i = 0; i < hand.length; i++) {
    if (i > 0 && hand[i] === hand[i - 1]) continue;
    const tile = TILES[hand[i]];
    if (!tile.fast && !nonFastAllowed) continue;
    if (tile.target === 'land' || tile.target === 'sea') {
      const targets = tile.target === 'land' ? emptyLand : board.seaHexes.filter((h) => table.hexOwner[h] < 0);
      for (const h of targets) {
        offer(evaluator.placeGain(h, tile.strength, tile.influence, tile.target === 'land'), placeKey(tile.id, h));
      }
    } else if (tile.target === 'tile') {
      for (const from of movableTiles(table, seat)) {
        const moved = TILES[table.hexTile[from]];
        for (const to of emptyLand) offer(evaluator.moveGain(from, to, moved.strength, moved.influence), moveKey(from, to));
      }
    } else {
      const pieces = piecesOnBoard(table);
      for (let a = 0; a < pieces.length; a++) {
        for (let b = a + 1; b < pieces.length; b++) {
          if (!canSwap(table, pieces[a], pieces[b])) continue;
          const pa = pieces[a];
          const pb = pieces[b];
          offer(evaluator.swapGain(pa, pb), switchKey(pieceCode(pa.settlement, pa.caste), pieceCode(pb.settlement, pb.caste)));
        }
      }
    }
  }
}

/** Whether a turn with plays already made goes on with a play of this gain, rather than ending. */
export function worthPlaying(gain: number): boolean {
  return gain >= WORTH_PLAYING;
}

function greedyTurnMove(table: Table, seat: number, rng: Rng): Move {
  const best = new Best(rng);
  forEachPlay(table, seat, best.offer);
  const played = table.turnPlays.length > 0;
  if (best.key >= 0 && (!played || worthPlaying(best.value))) return { type: 'play', seat, play: playOfKey(best.key) };
  return played ? { type: 'endTurn', seat } : { type: 'pass', seat };
}

/** The strongest all-round tiles: samurai, the ronin, and one 4-strength caste tile. */
function greedyHand(seat: number, rng: Rng): Move {
  const caste4: TileName[] = ['buddha4', 'rice4', 'castle4'];
  const tiles: TileName[] = ['samurai3', 'samurai2', 'samurai2', 'ronin1', caste4[rng.int(3)]];
  return { type: 'chooseHand', seat, tiles };
}

export function greedyMove(table: Table, seat: number, rng: Rng): Move {
  switch (table.phase) {
    case 'hands':
      return greedyHand(seat, rng);
    case 'pieces': {
      // Where pieces start matters little to this bot: any legal placement.
      const moves = legalPlacements(table, seat);
      return moves[rng.int(moves.length)];
    }
    case 'play':
      return greedyTurnMove(table, seat, rng);
    default:
      throw new Error(`greedy bot asked to move in phase ${table.phase}`);
  }
}

export const greedyBot: Bot = { name: 'greedy', chooseMove: greedyMove };
