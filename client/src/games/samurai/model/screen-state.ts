/**
 * The game screen's state, and how a tap, a hover, a key or a new position changes it: what is
 * chosen, the targets it has, the keyboard's focus, the settlement inspected, the play previewed,
 * and the marks the board draws from all that. Pure (as Mangoku's scene.ts): GameScreen holds one
 * ScreenState, replaces it with what these functions return, and draws it.
 */
import { boardFor, GameView, hexIndex, HEXES, Move, Play, PIECES, SETTLEMENTS, TileName } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { BoardMarks, BoardPreview } from '../board/board-marks';
import { Direction, hexCenterOf, nearestInDirection, pieceCenter, turn } from '../board/hex-layout';
import { back, choose, matchTap, NO_SELECTION, revalidate, selectedTile, selectTile, Selection, Target, targets as targetsOf } from './interaction';
import { PlayPreview, previewMove } from './preview';
import type { TurnStatus } from './turn-status';
import type { SeatModel } from './view-model';
import { castePhrase, placeLabelOf, tileLabel } from './words';

/** How a previewed play was pointed at (the preview card words its commit for it). */
export type PreviewInput = 'mouse' | 'touch' | 'keyboard' | 'hint';

export interface ScreenState {
  /** The phase last shown: a settlement pinned in one phase is let go in the next. */
  readonly phase: string;
  readonly selection: Selection;
  /** Where the selection may go now (none while a move is on its way). */
  readonly targets: readonly Target[];
  /** The keyboard's focus among the targets, or -1. */
  readonly focus: number;
  /** The last choice was made with the keyboard (its focus is then drawn and previewed). */
  readonly keyboardActive: boolean;
  /** The settlement under a resting mouse, and the one tapped (pinned), or -1. */
  readonly hovered: number;
  readonly pinned: number;
  /** Hexes a log line points at. */
  readonly pointed: readonly number[];
  /** A move was sent and not yet answered. */
  readonly pending: boolean;
  /** The target whose play is previewed, and how it was pointed at. */
  readonly previewTarget: Target | null;
  readonly previewInput: PreviewInput;
}

export const INITIAL_STATE: ScreenState = {
  phase: '',
  selection: NO_SELECTION,
  targets: [],
  focus: -1,
  keyboardActive: false,
  hovered: -1,
  pinned: -1,
  pointed: [],
  pending: false,
  previewTarget: null,
  previewInput: 'mouse',
};

const sameTarget = (a: Target | null, b: Target | null): boolean => !!a && !!b && a.hex === b.hex && a.caste === b.caste;

/** Where a game stands, move by move: a hint is for this position only. */
export function positionKey(game: number, view: GameView): string {
  return [game, view.phase, view.seat, view.handChosen.join(), view.placements.length, view.turns.length, view.turnPlays.length].join(':');
}

/** The settlement the inspector shows: the one under the mouse, else the pinned one, or -1. */
export function inspected(state: ScreenState): number {
  return state.hovered >= 0 ? state.hovered : state.pinned;
}

/** The first caste `seat` may place now (setup), or no selection. */
export function defaultCaste(view: GameView, seat: number): Selection {
  for (let caste = 0; caste < 3; caste++) {
    if (targetsOf(view, seat, { kind: 'caste', caste }).length > 0) return { kind: 'caste', caste };
  }
  return NO_SELECTION;
}

/** Would choosing `target` make a play (rather than take a first step, or place a piece)? */
export function makesPlay(view: GameView | null, seat: number, selection: Selection, target: Target): boolean {
  if (!view || seat < 0) return false;
  return choose(view, seat, selection, target)?.move?.type === 'play';
}

/**
 * A new position (or a new answer from the server) shown to `seat` (-1: nobody's moves): the
 * selection kept while it still has targets (in setup, a caste with places to go), the targets
 * and focus for it; the pinned settlement let go at a new phase.
 */
export function settle(state: ScreenState, view: GameView, seat: number): ScreenState {
  const pinned = view.phase !== state.phase ? -1 : state.pinned;
  let selection = NO_SELECTION;
  let targets: Target[] = [];
  if (seat >= 0) {
    const placing = view.phase === 'pieces' && view.seat === seat;
    selection = state.selection;
    if (placing && selection.kind !== 'caste') selection = defaultCaste(view, seat);
    selection = revalidate(view, seat, selection);
    if (placing && selection.kind === 'none') selection = defaultCaste(view, seat);
    targets = state.pending ? [] : targetsOf(view, seat, selection);
  }
  const focus = state.focus >= targets.length ? (targets.length ? 0 : -1) : state.focus;
  return { ...state, phase: view.phase, pinned, selection, targets, focus };
}

/**
 * The play the previewed target makes as things stand, and the state: with the keyboard, the
 * focused target is previewed (the first as soon as a tile is chosen); a target no longer offered
 * is dropped.
 */
export function previewed(state: ScreenState, view: GameView | null, seat: number): { state: ScreenState; preview: PlayPreview | null } {
  let { previewTarget, previewInput } = state;
  const focused = state.keyboardActive && state.focus >= 0 ? state.targets[state.focus] : null;
  if (focused && (!previewTarget || previewInput === 'keyboard') && makesPlay(view, seat, state.selection, focused)) {
    previewTarget = focused;
    previewInput = 'keyboard';
  }
  const target = previewTarget;
  const stillOffered = target && state.targets.some((t) => sameTarget(t, target));
  const move = view && stillOffered && !state.pending ? choose(view, seat, state.selection, target)?.move : null;
  const preview = view && move?.type === 'play' ? previewMove(view, move) : null;
  if (!preview) previewTarget = null;
  return { state: { ...state, previewTarget, previewInput }, preview };
}

/** The preview of `target`'s play (null: none), pointed at by `input`; null when that changes nothing. */
export function pointTo(state: ScreenState, target: Target | null, input: PreviewInput): ScreenState | null {
  if (sameTarget(target, state.previewTarget) && input === state.previewInput) return null;
  if (!target && !state.previewTarget) return null;
  return { ...state, previewTarget: target, previewInput: input };
}

/** What the board draws of a previewed play. */
export function boardPreviewOf(preview: PlayPreview | null): BoardPreview | null {
  return preview && { table: preview.table, hexes: preview.hexes, settlements: preview.settlements.map((s) => s.settlement), captures: preview.captures };
}

/** The board's marks: targets, the selection, the keyboard's focus, the turn's plays, the inspected and pointed places, the preview. */
export function boardMarks(state: ScreenState, view: GameView, preview: BoardPreview | null): BoardMarks {
  const hexOf = (p: Play): number => (p.tile === 'switch' ? -1 : hexIndex(p.tile === 'move' ? p.to : p.hex));
  const lastTurn = view.turns[view.turns.length - 1];
  const { selection, targets } = state;
  const focusTarget = state.keyboardActive && state.focus >= 0 ? targets[state.focus] : null;
  const keyboardSettlement = state.keyboardActive && targets.length === 0 && state.pinned >= 0 ? SETTLEMENTS[state.pinned].hex : -1;
  return {
    targetHexes: targets.filter((t) => t.caste < 0).map((t) => t.hex),
    targetPieces: targets.filter((t) => t.caste >= 0).map((t) => ({ settlement: HEXES[t.hex].settlement, caste: t.caste })),
    selectedHex: selection.kind === 'move' ? selection.from : -1,
    selectedPiece: selection.kind === 'switch' ? selection.first : null,
    focusHex: focusTarget ? focusTarget.hex : keyboardSettlement,
    focusCaste: focusTarget ? focusTarget.caste : -1,
    currentHexes: view.turnPlays.map(hexOf).filter((h) => h >= 0),
    lastHexes: view.turnPlays.length === 0 && lastTurn ? lastTurn.plays.map(hexOf).filter((h) => h >= 0) : [],
    inspected: inspected(state),
    pointedHexes: state.pointed,
    preview,
  };
}

/** What choosing `target` does, in words (the target list for screen readers, the prompt, the preview card's title). */
export function targetText(view: GameView, selection: Selection, target: Target): string {
  switch (selection.kind) {
    case 'caste':
      return t('samurai.target.place', { piece: castePhrase(selection.caste, 'the'), place: placeLabelOf(target.hex, 'at') });
    case 'switch':
      return t(selection.first ? 'samurai.target.exchange' : 'samurai.target.switch', {
        piece: castePhrase(target.caste, 'the'),
        place: placeLabelOf(target.hex, 'of'),
      });
    case 'move':
      return selection.from < 0
        ? t('samurai.target.moveFrom', { tile: tileLabel(view.hexTile[target.hex]), place: placeLabelOf(target.hex) })
        : t('samurai.target.moveTo', { place: placeLabelOf(target.hex) });
    default:
      return t('samurai.target.play', { place: placeLabelOf(target.hex, 'at') });
  }
}

/** A tile of the hand clicked (or pressed with the keyboard): chosen, or let go when it was chosen. */
export function tileChosen(state: ScreenState, tile: TileName, viaKeyboard: boolean): ScreenState {
  const selection = selectedTile(state.selection) === tile ? NO_SELECTION : selectTile(tile);
  return { ...state, selection, focus: selection.kind === 'none' ? -1 : 0, keyboardActive: viaKeyboard };
}

/** Choosing `target`: the next state, and the move to send once the choice is complete; null when it is not offered (or a move is on its way). */
export function chosen(state: ScreenState, view: GameView, seat: number, target: Target): { state: ScreenState; move: Move | null } | null {
  if (seat < 0 || state.pending) return null;
  const step = choose(view, seat, state.selection, target);
  if (!step) return null;
  return { state: { ...state, selection: step.selection, focus: state.keyboardActive ? 0 : -1 }, move: step.move };
}

/** What a tap on the board means. */
export type Tap =
  /** A finger's first tap on a play: preview it. */
  | { readonly kind: 'preview'; readonly target: Target }
  /** A target chosen. */
  | { readonly kind: 'choose'; readonly target: Target }
  /** Beside the targets: the selection steps back, a settlement is pinned (or let go); the preview goes. */
  | { readonly kind: 'beside'; readonly state: ScreenState };

/** A tap or click on `hex` (over the piece `caste`, or -1) with `pointer` ('mouse', 'touch', 'pen'). */
export function tapped(state: ScreenState, view: GameView, seat: number, hex: number, caste: number, pointer: string): { state: ScreenState; tap: Tap } {
  state = { ...state, keyboardActive: false };
  const target = matchTap(state.targets, hex, caste);
  if (target) {
    // A finger cannot point before it taps: its first tap on a play previews it, the second makes it.
    const first = pointer === 'touch' && !sameTarget(state.previewTarget, target) && makesPlay(view, seat, state.selection, target);
    return { state, tap: { kind: first ? 'preview' : 'choose', target } };
  }
  const settlement = HEXES[hex].settlement;
  // A tap beside the targets: step back, as Escape does.
  const selection = state.selection.kind !== 'none' && state.selection.kind !== 'caste' ? back(state.selection) : state.selection;
  const pinned = settlement >= 0 && settlement !== state.pinned ? settlement : -1;
  return { state, tap: { kind: 'beside', state: { ...state, previewTarget: null, selection, pinned } } };
}

/** The state a hint shows: its tile and place previewed, or (in setup) its caste chosen and its place focused. */
export function withHint(state: ScreenState, view: GameView, seat: number, move: Move): ScreenState {
  state = { ...state, previewTarget: null };
  if (move.type === 'placePiece') {
    const selection: Selection = { kind: 'caste', caste: PIECES.indexOf(move.piece) };
    return { ...state, selection, keyboardActive: true, focus: targetsOf(view, seat, selection).findIndex((t) => t.hex === hexIndex(move.hex)) };
  }
  if (move.type !== 'play') return state;
  const play = move.play;
  let selection: Selection;
  let target: Target;
  if (play.tile === 'switch') {
    const [a, b] = play.swap.map((p) => ({ settlement: HEXES[hexIndex(p.hex)].settlement, caste: PIECES.indexOf(p.piece) }));
    selection = { kind: 'switch', first: a };
    target = { hex: SETTLEMENTS[b.settlement].hex, caste: b.caste };
  } else if (play.tile === 'move') {
    selection = { kind: 'move', from: hexIndex(play.from) };
    target = { hex: hexIndex(play.to), caste: -1 };
  } else {
    selection = { kind: 'tile', tile: play.tile };
    target = { hex: hexIndex(play.hex), caste: -1 };
  }
  return { ...state, selection, keyboardActive: false, focus: -1, previewTarget: target, previewInput: 'hint' };
}

/** An arrow key: to the nearest target that way on screen (the board turned by `angle`); with no targets, through the settlements. */
export function focusMoved(state: ScreenState, view: GameView, direction: Direction, angle: number): ScreenState {
  const { targets } = state;
  if (targets.length > 0) {
    if (state.focus < 0) return { ...state, focus: 0 };
    const points = targets.map((t) =>
      turn(t.caste >= 0 ? (pieceCenter(t.hex, view.pieces[HEXES[t.hex].settlement], t.caste, angle) ?? hexCenterOf(t.hex)) : hexCenterOf(t.hex), angle),
    );
    const next = nearestInDirection(points[state.focus], points, direction);
    return next >= 0 ? { ...state, focus: next } : state;
  }
  const settlements = boardFor(view.players).settlements;
  const points = settlements.map((s) => turn(hexCenterOf(SETTLEMENTS[s].hex), angle));
  const at = settlements.indexOf(state.pinned);
  const next = at < 0 ? 0 : nearestInDirection(points[at], points, direction);
  return next >= 0 ? { ...state, pinned: settlements[next] } : state;
}

/** A hint is offered to a player who owes a move, in a live game with a bot seat. */
export function hintsOffered(state: ScreenState, offer: { hints: boolean; actor: number; seats: readonly SeatModel[]; status: TurnStatus }): boolean {
  return offer.hints && offer.actor >= 0 && offer.seats.some((s) => s.kind === 'bot') && offer.status.yourTurn && !offer.status.mustPass && !state.pending;
}
