import { boardFor, HEXES, PIECES, SETTLEMENTS, TILE_NAMES, viewFor } from '@samurai/shared';
import { fixtureGame } from '@samurai/shared/src/games/samurai/room-fixture';
import { choose, NO_SELECTION, selectTile, targets } from './interaction';
import {
  boardMarks,
  chosen,
  focusMoved,
  INITIAL_STATE,
  inspected,
  makesPlay,
  pointTo,
  previewed,
  ScreenState,
  settle,
  tapped,
  tileChosen,
  withHint,
} from './screen-state';

const game = fixtureGame(2, 11);
const states = game.steps.map((s) => s.before);
const setup = states.find((s) => s.phase === 'pieces')!;
/** A position in play whose seat holds a tile placed on a hex (neither switch nor move). */
const play = states.find((s) => s.phase === 'play' && s.hands[s.seat].some((t) => TILE_NAMES[t] !== 'switch' && TILE_NAMES[t] !== 'move'))!;
const playView = viewFor(play, play.seat);
const placeTile = TILE_NAMES[play.hands[play.seat].find((t) => TILE_NAMES[t] !== 'switch' && TILE_NAMES[t] !== 'move')!];

/** The state once `tile` is chosen in the position in play, settled. */
function withTile(keyboard = false): ScreenState {
  return settle(tileChosen(settle(INITIAL_STATE, playView, play.seat), placeTile, keyboard), playView, play.seat);
}

describe('a new position settles the screen', () => {
  it('in setup, chooses a caste with places to go for the seat to move, and offers those places', () => {
    const view = viewFor(setup, setup.seat);
    const state = settle(INITIAL_STATE, view, setup.seat);
    expect(state.selection.kind).toBe('caste');
    expect(state.targets.length).toBeGreaterThan(0);
    expect(state.targets).toEqual(targets(view, setup.seat, state.selection));
    expect(state.phase).toBe('pieces');
  });

  it('offers nothing to a spectator, nor while a move is on its way', () => {
    const view = viewFor(setup, -1);
    expect(settle({ ...INITIAL_STATE, selection: { kind: 'caste', caste: 0 } }, view, -1)).toMatchObject({ selection: NO_SELECTION, targets: [], focus: -1 });
    const mine = viewFor(setup, setup.seat);
    expect(settle({ ...INITIAL_STATE, pending: true }, mine, setup.seat).targets).toEqual([]);
  });

  it('lets a pinned settlement go at a new phase, and keeps it within one', () => {
    const pinned = { ...INITIAL_STATE, phase: 'pieces', pinned: 3 };
    expect(settle(pinned, viewFor(setup, setup.seat), setup.seat).pinned).toBe(3);
    expect(settle(pinned, playView, play.seat).pinned).toBe(-1);
  });

  it('drops a tile choice with nowhere to go, and a focus beyond the targets', () => {
    const state = settle({ ...INITIAL_STATE, phase: 'play', selection: selectTile(placeTile), focus: 99 }, playView, play.seat);
    expect(state.selection).toEqual(selectTile(placeTile));
    expect(state.focus).toBe(0);
    const other = (play.seat + 1) % play.players;
    expect(settle({ ...INITIAL_STATE, selection: selectTile(placeTile) }, viewFor(play, other), other)).toMatchObject({ selection: NO_SELECTION, targets: [] });
  });
});

describe('choosing a tile and its place', () => {
  it('a tile chosen twice is let go', () => {
    const once = tileChosen(INITIAL_STATE, placeTile, true);
    expect(once).toMatchObject({ selection: selectTile(placeTile), focus: 0, keyboardActive: true });
    expect(tileChosen(once, placeTile, false)).toMatchObject({ selection: NO_SELECTION, focus: -1, keyboardActive: false });
  });

  it('a chosen target makes the engine move, and nothing while a move is on its way', () => {
    const state = withTile();
    const target = state.targets[0];
    const choice = chosen(state, playView, play.seat, target)!;
    expect(choice.move).toEqual(choose(playView, play.seat, state.selection, target)!.move);
    expect(choice.move!.type).toBe('play');
    expect(choice.state.selection).toEqual(NO_SELECTION);
    expect(chosen({ ...state, pending: true }, playView, play.seat, target)).toBeNull();
    expect(chosen(state, playView, -1, target)).toBeNull();
  });

  it('a finger previews a play at its first tap and makes it at the second; a mouse makes it at once', () => {
    const state = withTile();
    const target = state.targets[0];
    const first = tapped(state, playView, play.seat, target.hex, target.caste, 'touch');
    expect(first.tap).toEqual({ kind: 'preview', target });
    const pointed = pointTo(first.state, target, 'touch')!;
    expect(tapped(pointed, playView, play.seat, target.hex, target.caste, 'touch').tap).toEqual({ kind: 'choose', target });
    expect(tapped(state, playView, play.seat, target.hex, target.caste, 'mouse').tap).toEqual({ kind: 'choose', target });
  });

  it('a tap beside the targets pins its settlement (a second lets it go) and drops the preview', () => {
    const state = { ...withTile(), previewTarget: withTile().targets[0] };
    const offered = new Set(state.targets.map((t) => t.hex));
    const settlement = boardFor(play.players).settlements.find((s) => !offered.has(SETTLEMENTS[s].hex))!;
    const hex = SETTLEMENTS[settlement].hex;
    const { tap } = tapped(state, playView, play.seat, hex, -1, 'mouse');
    expect(tap.kind).toBe('beside');
    if (tap.kind !== 'beside') return;
    expect(tap.state).toMatchObject({ pinned: settlement, previewTarget: null, keyboardActive: false });
    const again = tapped(tap.state, playView, play.seat, hex, -1, 'mouse').tap;
    expect(again.kind === 'beside' && again.state.pinned).toBe(-1);
  });
});

describe('the preview', () => {
  it('follows the keyboard focus onto a play, and goes when its target is no longer offered', () => {
    const state = withTile(true);
    const { state: shown, preview } = previewed(state, playView, play.seat);
    expect(shown.previewTarget).toEqual(state.targets[0]);
    expect(shown.previewInput).toBe('keyboard');
    expect(preview!.move).toEqual(choose(playView, play.seat, state.selection, state.targets[0])!.move);
    const gone = previewed({ ...shown, targets: [] }, playView, play.seat);
    expect(gone).toMatchObject({ preview: null, state: { previewTarget: null } });
  });

  it('pointing again at the same target the same way changes nothing', () => {
    const state = withTile();
    const target = state.targets[0];
    const pointed = pointTo(state, target, 'mouse')!;
    expect(pointed.previewTarget).toBe(target);
    expect(pointTo(pointed, target, 'mouse')).toBeNull();
    expect(pointTo(state, null, 'mouse')).toBeNull();
    expect(makesPlay(playView, play.seat, state.selection, target)).toBe(true);
    expect(makesPlay(null, play.seat, state.selection, target)).toBe(false);
  });

  it('a hint previews its play as a choice would', () => {
    const state = withTile();
    const move = chosen(state, playView, play.seat, state.targets[1] ?? state.targets[0])!.move!;
    const hinted = withHint(INITIAL_STATE, playView, play.seat, move);
    expect(hinted.previewInput).toBe('hint');
    const { preview } = previewed(settle(hinted, playView, play.seat), playView, play.seat);
    expect(preview!.move).toEqual(move);
  });

  it('a setup hint chooses its caste and focuses its place', () => {
    const view = viewFor(setup, setup.seat);
    const step = game.steps.find((s) => s.before === setup)!;
    expect(step.move.type).toBe('placePiece');
    const hinted = withHint(INITIAL_STATE, view, setup.seat, step.move);
    if (step.move.type !== 'placePiece') return;
    expect(hinted.selection).toEqual({ kind: 'caste', caste: PIECES.indexOf(step.move.piece) });
    expect(HEXES[targets(view, setup.seat, hinted.selection)[hinted.focus].hex].name).toBe(step.move.hex);
  });
});

describe('what the board marks', () => {
  it('targets always, the focus only with the keyboard, the settlement under the mouse over the pinned one', () => {
    const state = withTile();
    const marks = boardMarks({ ...state, focus: 0 }, playView, null);
    expect(marks.targetHexes).toEqual(state.targets.filter((t) => t.caste < 0).map((t) => t.hex));
    expect(marks.focusHex).toBe(-1);
    expect(boardMarks({ ...state, focus: 0, keyboardActive: true }, playView, null).focusHex).toBe(state.targets[0].hex);
    expect(inspected({ ...state, pinned: 2, hovered: 5 })).toBe(5);
    expect(boardMarks({ ...state, pinned: 2 }, playView, null).inspected).toBe(2);
  });

  it('arrows with no targets walk the settlements, each shown as the keyboard focus', () => {
    const view = viewFor(play, (play.seat + 1) % play.players);
    const state = { ...INITIAL_STATE, keyboardActive: true };
    const first = focusMoved(state, view, 'right', 0);
    const settlements = boardFor(play.players).settlements;
    expect(first.pinned).toBe(settlements[0]);
    const next = focusMoved(first, view, 'right', 0);
    expect(settlements).toContain(next.pinned);
    expect(boardMarks(next, view, null).focusHex).toBe(SETTLEMENTS[next.pinned].hex);
  });
});
