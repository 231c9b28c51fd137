/**
 * Whole games a seat cannot tell from the one it is in, for the expert's search: from what the seat
 * sees (its view: its own hand, the board, every turn played, how many tiles each seat holds and
 * has left to draw), the rest drawn at random.
 *
 * What a seat knows of another's tiles: each player owns the same 20; the ones played are on the
 * board or in the turns (a switch leaves no tile behind); the rest are in that player's hand and
 * stack, in numbers everyone sees. So each other seat's hand is drawn from its unplayed tiles,
 * the rest being its stack in random order, and the seat's own stack is its own unplayed tiles
 * less its hand, in random order too (nobody knows a stack's order). A hand not yet chosen is
 * none, with all 20 in the stack; a random setup not yet on the board is dealt again.
 */
import { Rng, shuffle } from '../../../random';
import { HEX_COUNT } from '../board';
import { GameView, viewFor } from '../projection';
import { Capture, dealPieces, GameState, Play, Table } from '../state';
import { PieceCounts, PIECES, SWITCH, TILE_SET, TileId } from '../tiles';

/** Per seat, the tiles it has played so far: those on the board (a move leaves the move tile), and its switches. */
function playedTiles(table: Table): TileId[][] {
  const played: TileId[][] = Array.from({ length: table.players }, () => []);
  for (let h = 0; h < HEX_COUNT; h++) if (table.hexOwner[h] >= 0) played[table.hexOwner[h]].push(table.hexTile[h]);
  const switches = (seat: number, plays: readonly Play[]) => {
    for (const p of plays) if (p.tile === 'switch') played[seat].push(SWITCH);
  };
  for (const turn of table.turns) switches(turn.seat, turn.plays);
  if (table.phase === 'play') switches(table.seat, table.turnPlays);
  return played;
}

/** `all` less one of each of `less` (a multiset difference). */
function without(all: readonly TileId[], less: readonly TileId[]): TileId[] {
  const left = all.slice();
  for (const t of less) {
    const i = left.indexOf(t);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** Per seat, per caste: the pieces each seat has won, from the turns (3–4 players keep them behind screens, but everyone saw them taken). */
function capturedFromTurns(table: Table): PieceCounts[] {
  const captured: PieceCounts[] = Array.from({ length: table.players }, () => [0, 0, 0]);
  const add = (captures: readonly Capture[]) => {
    for (const c of captures) if (c.seat !== null) captured[c.seat][PIECES.indexOf(c.piece)]++;
  };
  for (const turn of table.turns) add(turn.captures);
  add(table.turnCaptures);
  return captured;
}

/**
 * A sampler of worlds consistent with what `seat` sees in `table` (its view; a full state is read
 * through the seat's view of it): each call a new GameState.
 */
export function worldSampler(seen: Table, seat: number): (rng: Rng) => GameState {
  const table = 'stacks' in seen ? viewFor(seen as GameState, seat) : (seen as GameView);
  const own = table.hands[seat];
  if (!own) throw new Error(`worldSampler: the table does not show seat ${seat}'s hand`);
  const played = playedTiles(table);
  const fromTurns = capturedFromTurns(table);
  const captured = table.captured.map((c, s) => (c ? (c.slice() as PieceCounts) : fromTurns[s]));
  const seats = Array.from({ length: table.players }, (_, s) => s);
  /** Per seat: the tiles its hand and stack are drawn from, and how many of each (none drawn for the seat's own hand). */
  const unplayed = seats.map((s) => {
    const chosen = table.handChosen[s];
    const hand = table.handCounts[s];
    const stack = table.stackCounts[s];
    const pool = chosen ? without(TILE_SET, s === seat ? [...played[s], ...own] : played[s]) : TILE_SET.slice();
    const drawn = s === seat ? 0 : hand;
    if (pool.length < drawn + stack) throw new Error(`worldSampler: seat ${s} has ${pool.length} tiles unplayed, not ${drawn + stack}`);
    return { pool, hand: drawn, stack };
  });
  const randomSetupPending = table.phase === 'hands' && table.options.setup === 'random';

  return (rng) => {
    const hands: TileId[][] = [];
    const stacks: TileId[][] = [];
    for (const s of seats) {
      const { pool, hand, stack } = unplayed[s];
      const tiles = shuffle(pool.slice(), rng);
      hands.push(s === seat ? own.slice() : tiles.slice(0, hand).sort((x, y) => x - y));
      stacks.push(tiles.slice(hand, hand + stack));
    }
    return {
      players: table.players,
      options: table.options,
      phase: table.phase,
      seat: table.seat,
      hexOwner: table.hexOwner.slice(),
      hexTile: table.hexTile.slice(),
      pieces: table.pieces.slice(),
      supply: table.supply.slice() as PieceCounts,
      hands,
      captured: captured.map((c) => c.slice() as PieceCounts),
      aside: table.aside.slice() as PieceCounts,
      handChosen: table.handChosen.slice(),
      placements: table.placements.slice(),
      turns: table.turns.slice(),
      turnPlays: table.turnPlays.slice(),
      turnCaptures: table.turnCaptures.slice(),
      passes: table.passes,
      result: table.result,
      stacks,
      // The record's: no search writes one.
      startHands: [],
      startStacks: [],
      pendingPieces: randomSetupPending ? dealPieces(table.players, rng) : null,
    };
  };
}
