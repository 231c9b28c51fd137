/**
 * A hint for a player: the move the greedy bot would make from their seat, and why, as a typed
 * reason a client puts into words. It reads what the greedy bot reads, the seat's view (its own
 * hand and the public board), so it can be computed wherever that view is, and no hidden tile
 * changes it.
 */
import { boardFor, hexIndex, HEXES, SETTLEMENTS } from '../board';
import { influence, openLand } from '../capture';
import { Rng } from '../../../random';
import { seatsToAct } from '../simulate';
import { Move, Play, Table } from '../state';
import { Piece, PIECES, TILE_ID, TileName, TILES } from '../tiles';
import { greedyMove, pieceValue } from './greedy-bot';

/** What a hinted play does to the piece it helps most, once made. */
export const SETTLEMENT_OUTCOMES = [
  'captures', // the play surrounds the settlement and the seat has the most influence on the piece
  'sets-aside', // the play surrounds it on a tie: the piece goes to nobody rather than to another seat
  'loses', // the play surrounds it with another seat ahead: the least bad play left
  'leads', // still open; the seat leads for the piece
  'levels', // still open; the seat draws level with the strongest other seat
  'trails', // still open; the seat is behind but closer (or surer) than before
] as const;
export type SettlementOutcome = (typeof SETTLEMENT_OUTCOMES)[number];

export const HINT_REASON_KINDS = [
  'hand', // the starting hand: the strongest all-round tiles
  'piece', // setup: where a piece starts matters little, any legal place will do
  'settlement', // a play, for what it does to one piece of one settlement
  'least-harm', // a play that gains nothing, but a first play of the turn must be made if it can
  'end-turn', // no further tile gains enough: end the turn
  'pass', // nothing in hand can be played
] as const;
export type HintReasonKind = (typeof HINT_REASON_KINDS)[number];

export type HintReason =
  | { readonly kind: 'hand'; readonly tiles: readonly TileName[] }
  | { readonly kind: 'piece'; readonly piece: Piece; readonly hex: string }
  | {
      readonly kind: 'settlement';
      readonly outcome: SettlementOutcome;
      readonly piece: Piece;
      /** The settlement's hex ("14,11"). */
      readonly hex: string;
      /** The seat's influence on the piece after the play, and the strongest other seat's. */
      readonly ours: number;
      readonly theirs: number;
      /** Land hexes around the settlement still open after the play. */
      readonly open: number;
    }
  | { readonly kind: 'least-harm' }
  | { readonly kind: 'end-turn' }
  | { readonly kind: 'pass' };

export interface Hint {
  readonly move: Move;
  readonly reason: HintReason;
}

/** Ties are the greedy bot's to break at random; a hint breaks them the same way every time. */
const STEADY: Rng = { int: () => 0 };

/**
 * The greedy bot's move for `seat` and its reason, from `table` (the seat's view, or a full
 * state); null when the seat owes no move. `rng` breaks ties (the same one gives the bot's move).
 */
export function hintFor(table: Table, seat: number, rng: Rng = STEADY): Hint | null {
  if (!seatsToAct(table).includes(seat) || (table.phase === 'play' && !table.hands[seat])) return null;
  const move = greedyMove(table, seat, rng);
  return { move, reason: reasonFor(table, seat, move) };
}

function reasonFor(table: Table, seat: number, move: Move): HintReason {
  switch (move.type) {
    case 'chooseHand':
      return { kind: 'hand', tiles: move.tiles };
    case 'placePiece':
      return { kind: 'piece', piece: move.piece, hex: move.hex };
    case 'play':
      return playReason(table, seat, move.play);
    case 'endTurn':
      return { kind: 'end-turn' };
    default:
      return { kind: 'pass' };
  }
}

/** A change of the seat's influence: `strength` on the castes of `mask` next to `hex`, filling it if `fills`. */
interface Change {
  readonly hex: number;
  readonly strength: number;
  readonly mask: number;
  readonly fills: boolean;
}

/** The piece whose expected owner the play improves most for the seat, by the greedy bot's own measure. */
function playReason(table: Table, seat: number, play: Play): HintReason {
  const board = boardFor(table.players);
  const changes: Change[] = [];
  /** Per settlement, the pieces there after the play (a switch moves two). */
  const after = table.pieces.slice();
  if (play.tile === 'switch') {
    const [a, b] = play.swap.map((p) => ({ s: HEXES[hexIndex(p.hex)].settlement, c: PIECES.indexOf(p.piece) }));
    after[a.s] = (after[a.s] & ~(1 << a.c)) | (1 << b.c);
    after[b.s] = (after[b.s] & ~(1 << b.c)) | (1 << a.c);
  } else if (play.tile === 'move') {
    const from = hexIndex(play.from);
    const moved = TILES[table.hexTile[from]];
    changes.push({ hex: from, strength: -moved.strength, mask: moved.influence, fills: false });
    changes.push({ hex: hexIndex(play.to), strength: moved.strength, mask: moved.influence, fills: true });
  } else {
    const tile = TILES[TILE_ID[play.tile]];
    changes.push({ hex: hexIndex(play.hex), strength: tile.strength, mask: tile.influence, fills: tile.target === 'land' });
  }

  let best: Extract<HintReason, { kind: 'settlement' }> | null = null;
  let bestGain = 0;
  for (const s of board.settlements) {
    const near = changes.filter((ch) => board.adjacentSettlements[ch.hex].includes(s));
    if (after[s] === table.pieces[s] && near.length === 0) continue;
    const sums = influence(table, s);
    const openBefore = openLand(table, s);
    const open = openBefore - near.filter((ch) => ch.fills).length;
    for (let c = 0; c < 3; c++) {
      if (!(after[s] & (1 << c))) continue;
      const before = sums[seat][c];
      const ours = before + near.reduce((sum, ch) => sum + (ch.mask & (1 << c) ? ch.strength : 0), 0);
      const theirs = Math.max(0, ...sums.filter((_, p) => p !== seat).map((x) => x[c]));
      const was = table.pieces[s] & (1 << c) ? pieceValue(before, theirs, openBefore) : 0;
      const gain = pieceValue(ours, theirs, open) - was;
      if (gain > bestGain + 1e-9) {
        bestGain = gain;
        best = { kind: 'settlement', outcome: outcomeOf(ours, theirs, open), piece: PIECES[c], hex: HEXES[SETTLEMENTS[s].hex].name, ours, theirs, open };
      }
    }
  }
  return best ?? { kind: 'least-harm' };
}

function outcomeOf(ours: number, theirs: number, open: number): SettlementOutcome {
  if (open <= 0) return ours > theirs ? 'captures' : ours === theirs ? 'sets-aside' : 'loses';
  return ours > theirs ? 'leads' : ours === theirs ? 'levels' : 'trails';
}
