/**
 * What a play would change, before it is sent: the engine plays it on a copy of the view (and,
 * with captures at the end of the turn, ends the turn there too), and the preview is the
 * difference — influence per seat on each piece of every settlement it touches, open land, the
 * surrounds it completes and who would capture what. Pure; no rule lives here: everything is read
 * from the engine's own applyMove, influence and openLand.
 */
import { applyMove, boardFor, GameState, GameView, hexIndex, HEXES, influence, Move, openLand, PIECES, Table } from '@samurai/shared';
import { leadersAt } from '../board/board-reading';

/** One piece of a settlement: each seat's influence on it before and after, and who leads. */
export interface PiecePreview {
  readonly caste: number;
  readonly before: readonly number[];
  readonly after: readonly number[];
  readonly leaderBefore: number | null;
  readonly leaderAfter: number | null;
}

/** A settlement the play changes: its pieces' influence, its open land, whether this play surrounds it. */
export interface SettlementPreview {
  readonly settlement: number;
  readonly openBefore: number;
  readonly openAfter: number;
  /** This play takes its last open land: it will be judged. */
  readonly surrounds: boolean;
  readonly pieces: readonly PiecePreview[];
}

/** A piece that would leave the board: to a seat, or set aside (null). */
export interface CapturePreview {
  readonly settlement: number;
  readonly caste: number;
  readonly seat: number | null;
}

export interface PlayPreview {
  readonly move: Move;
  /** The board as it would be right after the play, for drawing: pieces it captures at once still on it. */
  readonly table: Table;
  /** Hexes the play puts a tile on. */
  readonly hexes: readonly number[];
  /** Settlements whose influence, open land or pieces the play changes, in board order. */
  readonly settlements: readonly SettlementPreview[];
  /** Captures the play makes at once (immediate timing), or that ending the turn after it would make. */
  readonly captures: readonly CapturePreview[];
  readonly capturesWhen: 'now' | 'end of turn';
}

/**
 * The view as an engine state: hands and tallies this viewer may not see are empty, and the
 * stacks are empty (the turn's end then draws nothing; what it would draw is nobody's business).
 */
function asState(view: GameView): GameState {
  return {
    ...view,
    hands: view.hands.map((hand) => (hand ? hand.slice() : [])),
    captured: view.captured.map((c) => (c ? [c[0], c[1], c[2]] : [0, 0, 0])),
    stacks: view.hands.map(() => []),
    startHands: [],
    startStacks: [],
    pendingPieces: null,
  };
}

/** The preview of `move` on `view`, or null when it is not a play the engine accepts. */
export function previewMove(view: GameView, move: Move): PlayPreview | null {
  if (move.type !== 'play') return null;
  const played = applyMove(asState(view), move);
  if (!played.ok) return null;
  const next = played.state;
  const immediate = view.options.captureTiming === 'immediate';
  let captures = next.turnCaptures.slice(view.turnCaptures.length);
  if (!immediate) {
    const ended = applyMove(next, { type: 'endTurn', seat: move.seat });
    captures = ended.ok ? ended.state.turns[ended.state.turns.length - 1].captures.slice(view.turnCaptures.length) : [];
  }
  const captured: CapturePreview[] = captures.map((c) => ({
    settlement: HEXES[hexIndex(c.hex)].settlement,
    caste: PIECES.indexOf(c.piece),
    seat: c.seat,
  }));
  const play = move.play;
  const hexes = play.tile === 'switch' ? [] : [hexIndex(play.tile === 'move' ? play.to : play.hex)];
  // Captured pieces stay in the drawing, so the board can ring them.
  const pieces = next.pieces.slice();
  for (const c of captured) pieces[c.settlement] |= 1 << c.caste;
  return {
    move,
    table: { ...next, pieces },
    hexes,
    settlements: changedSettlements(view, next, captured),
    captures: captured,
    capturesWhen: immediate ? 'now' : 'end of turn',
  };
}

function changedSettlements(before: Table, after: Table, captures: readonly CapturePreview[]): SettlementPreview[] {
  const result: SettlementPreview[] = [];
  for (const s of boardFor(before.players).settlements) {
    const was = influence(before, s);
    const now = influence(after, s);
    const openBefore = openLand(before, s);
    const openAfter = openLand(after, s);
    const sameInfluence = was.every((perCaste, seat) => perCaste.every((v, c) => v === now[seat][c]));
    const capturedHere = captures.some((c) => c.settlement === s);
    if (sameInfluence && openBefore === openAfter && before.pieces[s] === after.pieces[s] && !capturedHere) continue;
    // The pieces to show: those there before (a capture made at once takes them off) and any a switch brings.
    const mask = before.pieces[s] | after.pieces[s];
    const leadersBefore = leadersAt(before, s);
    const leadersAfter = leadersAt(after, s);
    const pieces: PiecePreview[] = [];
    for (let c = 0; c < 3; c++) {
      if (!(mask & (1 << c))) continue;
      pieces.push({
        caste: c,
        before: was.map((perCaste) => perCaste[c]),
        after: now.map((perCaste) => perCaste[c]),
        leaderBefore: before.pieces[s] & (1 << c) ? leadersBefore[c] : null,
        leaderAfter: after.pieces[s] & (1 << c) ? leadersAfter[c] : null,
      });
    }
    result.push({ settlement: s, openBefore, openAfter, surrounds: openBefore > 0 && openAfter === 0 && mask !== 0, pieces });
  }
  return result;
}
