import { boardFor, HEXES, SETTLEMENTS } from '../board';
import { influence, openLand } from '../capture';
import { BoardPiece, canSwap, legalPlacements, movableTiles, pieceAt, piecesOnBoard } from '../legal';
import { turnHasNonFast } from '../plays';
import { Rng } from '../../../random';
import { Move, PlaceTileName, Play, Table } from '../state';
import { TileName, TILES } from '../tiles';
import { Bot } from './bot';

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

/** Per settlement with pieces: our and the best other seat's influence per caste, and open land. */
interface Standing {
  readonly ours: number[];
  readonly theirs: number[];
  readonly open: number;
}

class Evaluator {
  readonly standings: (Standing | null)[];

  constructor(
    private readonly table: Table,
    seat: number,
  ) {
    this.standings = SETTLEMENTS.map((s) => {
      if (!table.pieces[s.index]) return null;
      const sums = influence(table, s.index);
      const theirs = [0, 1, 2].map((c) => Math.max(0, ...sums.filter((_, p) => p !== seat).map((x) => x[c])));
      return { ours: sums[seat], theirs, open: openLand(table, s.index) };
    });
  }

  /** Value of the pieces at a settlement, optionally as if other pieces stood there. */
  settlementValue(s: number, dOurs: readonly number[], dOpen: number, mask = this.table.pieces[s]): number {
    const st = this.standings[s]!;
    let v = 0;
    for (let c = 0; c < 3; c++) {
      if (mask & (1 << c)) v += pieceValue(st.ours[c] + dOurs[c], st.theirs[c], st.open - dOpen);
    }
    return v;
  }

  /**
   * Gain from our tiles changing: each change adds `strength` (negative to take a tile away) of
   * influence on the castes of `mask` at the settlements next to `hex`, and fills it if `fills`.
   */
  gain(changes: readonly { hex: number; strength: number; mask: number; fills: boolean }[]): number {
    const board = boardFor(this.table.players);
    const touched: number[] = [];
    for (const ch of changes) for (const s of board.adjacentSettlements[ch.hex]) if (this.standings[s] && !touched.includes(s)) touched.push(s);
    let gain = 0;
    for (const s of touched) {
      const dOurs = [0, 0, 0];
      let dOpen = 0;
      for (const ch of changes) {
        if (!board.adjacentSettlements[ch.hex].includes(s)) continue;
        for (let c = 0; c < 3; c++) if (ch.mask & (1 << c)) dOurs[c] += ch.strength;
        if (ch.fills) dOpen++;
      }
      gain += this.settlementValue(s, dOurs, dOpen) - this.settlementValue(s, [0, 0, 0], 0);
    }
    return gain;
  }

  swapGain(a: BoardPiece, b: BoardPiece): number {
    const none = [0, 0, 0];
    const pieces = this.table.pieces;
    const afterA = (pieces[a.settlement] & ~(1 << a.caste)) | (1 << b.caste);
    const afterB = (pieces[b.settlement] & ~(1 << b.caste)) | (1 << a.caste);
    return (
      this.settlementValue(a.settlement, none, 0, afterA) +
      this.settlementValue(b.settlement, none, 0, afterB) -
      this.settlementValue(a.settlement, none, 0) -
      this.settlementValue(b.settlement, none, 0)
    );
  }
}

/** Keeps the best candidate seen, choosing uniformly among ties. */
class Best<T> {
  value = -Infinity;
  choice: T | null = null;
  private ties = 0;

  constructor(private readonly rng: Rng) {}

  offer(value: number, make: () => T): void {
    if (value > this.value + TIE) {
      this.value = value;
      this.choice = make();
      this.ties = 1;
    } else if (value >= this.value - TIE && this.rng.int(++this.ties) === 0) {
      this.choice = make();
    }
  }
}

function greedyTurnMove(table: Table, seat: number, rng: Rng): Move {
  const hand = table.hands[seat]!;
  const board = boardFor(table.players);
  const evaluator = new Evaluator(table, seat);
  const nonFastAllowed = !turnHasNonFast(table);
  const emptyLand = board.landHexes.filter((h) => table.hexOwner[h] < 0);
  const best = new Best<Play>(rng);

  for (let i = 0; i < hand.length; i++) {
    if (i > 0 && hand[i] === hand[i - 1]) continue;
    const tile = TILES[hand[i]];
    if (!tile.fast && !nonFastAllowed) continue;
    const name = tile.name as PlaceTileName;
    if (tile.target === 'land' || tile.target === 'sea') {
      const targets = tile.target === 'land' ? emptyLand : board.seaHexes.filter((h) => table.hexOwner[h] < 0);
      for (const h of targets) {
        const gain = evaluator.gain([{ hex: h, strength: tile.strength, mask: tile.influence, fills: tile.target === 'land' }]);
        best.offer(gain, () => ({ tile: name, hex: HEXES[h].name }));
      }
    } else if (tile.target === 'tile') {
      for (const from of movableTiles(table, seat)) {
        const moved = TILES[table.hexTile[from]];
        for (const to of emptyLand) {
          const gain = evaluator.gain([
            { hex: from, strength: -moved.strength, mask: moved.influence, fills: false },
            { hex: to, strength: moved.strength, mask: moved.influence, fills: true },
          ]);
          best.offer(gain, () => ({ tile: 'move', from: HEXES[from].name, to: HEXES[to].name }));
        }
      }
    } else {
      const pieces = piecesOnBoard(table);
      for (let a = 0; a < pieces.length; a++) {
        for (let b = a + 1; b < pieces.length; b++) {
          if (!canSwap(table, pieces[a], pieces[b])) continue;
          best.offer(evaluator.swapGain(pieces[a], pieces[b]), () => ({ tile: 'switch', swap: [pieceAt(pieces[a]), pieceAt(pieces[b])] }));
        }
      }
    }
  }

  const played = table.turnPlays.length > 0;
  if (best.choice && (!played || best.value >= WORTH_PLAYING)) return { type: 'play', seat, play: best.choice };
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

