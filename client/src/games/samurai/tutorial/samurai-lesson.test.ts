import { GameState, hexIndex, HEXES, Move, MOVE_ERROR_MESSAGES, MoveError, parsePosition, score, TILE_NAMES } from '@samurai/shared';
import { LessonRun } from '../../../tutorial/lesson';
import { refusalText } from '../../../tutorial/refusal-text';
import { applyLanguage, t } from '../../../i18n/i18n';
import { moveErrorKey } from '../../../i18n/game-errors';
import en from '../locales/en.json';
import { BEN, SAMURAI_LESSON, SAMURAI_LESSON_POSITION, SAMURAI_SPECIAL_POSITION, samuraiTargetExists, YOU } from './samurai-lesson';
import { samuraiLessonRules } from './samurai-lesson-rules';

const BUDDHA = 0;
const RICE = 1;
const newRun = () => new LessonRun(SAMURAI_LESSON, samuraiLessonRules());

/** Plays the script as written: Next, or the step's move; then the bot's moves. Calls `visit` as each step shows. */
function playThrough(run: ReturnType<typeof newRun>, visit: (state: GameState, index: number) => void = () => undefined): Move[] {
  const botMoves: Move[] = [];
  while (run.step) {
    visit(run.state, run.stepIndex);
    const step = run.step;
    if (step.wait === 'next') expect(run.next()).toBe(true);
    else expect(run.submit(step.wait)).toEqual({ kind: 'done' });
    for (let move = run.botStep(); move; move = run.botStep()) botMoves.push(move);
  }
  return botMoves;
}

const settlementOf = (hex: string) => HEXES[hexIndex(hex)].settlement;

/** Plays the script as written up to the step that says `say`. */
function until(run: ReturnType<typeof newRun>, say: string): void {
  while (run.step && run.step.say !== say) {
    const step = run.step;
    if (step.wait === 'next') run.next();
    else run.submit(step.wait);
    while (run.botStep());
  }
}

describe("Samurai's guided first game", () => {
  it('starts a new game (hands to choose), then takes two later positions as they are: your turn each time', () => {
    const start = SAMURAI_LESSON.initial();
    expect(start).toMatchObject({ phase: 'hands', handChosen: [false, false] });
    for (const position of [SAMURAI_SPECIAL_POSITION, SAMURAI_LESSON_POSITION]) {
      const state = parsePosition(position);
      expect(state.phase).toBe('play');
      expect(state.seat).toBe(YOU);
      expect(state.pieces.filter((mask) => mask & (1 << BUDDHA)).length).toBe(1);
      // 7 of each caste in a 2-player game: on the board, captured or set aside.
      for (let caste = 0; caste < 3; caste++) {
        const onBoard = state.pieces.filter((mask) => mask & (1 << caste)).length;
        expect(onBoard + state.captured[0][caste] + state.captured[1][caste] + state.aside[caste]).toBe(7);
      }
    }
  });

  it('takes any starting hand; places a Buddha on Kyoto; then plays the switch and the move tile as the engine does', () => {
    const run = newRun();
    run.next();
    expect(run.submit({ type: 'chooseHand', seat: YOU, tiles: ['buddha2', 'buddha3', 'rice2', 'ship1', 'switch'] })).toEqual({ kind: 'done' });
    while (run.botStep());
    expect(run.state.phase).toBe('pieces');
    // A rice field on Kyoto: legal, but not the lesson's; a Buddha on Kyoto is.
    expect(run.submit({ type: 'placePiece', seat: YOU, hex: '11,15', piece: 'rice' })).toEqual({ kind: 'instead', say: 'placePieceInstead' });
    expect(run.submit({ type: 'placePiece', seat: YOU, hex: '11,15', piece: 'buddha' })).toEqual({ kind: 'done' });
    while (run.botStep());
    expect(run.state.pieces[settlementOf('11,15')]).toBe(1 << BUDDHA);
    until(run, 'playMove');
    // The switch: the Buddha and the castle changed settlements.
    expect(run.state.pieces[settlementOf('16,14')]).toBe(1 << 2);
    expect(run.state.pieces[settlementOf('13,14')]).toBe(1 << BUDDHA);
    until(run, 'endSpecialTurn');
    // The move tile: your Samurai 2 beside the rice village, the move tile in its old place.
    const hexAt = (hex: string) => [run.state.hexOwner[hexIndex(hex)], TILE_NAMES[run.state.hexTile[hexIndex(hex)]]];
    expect(hexAt('15,12')).toEqual([YOU, 'samurai2']);
    expect(hexAt('13,12')).toEqual([YOU, 'move']);
    expect(run.state.turnPlays.map((p) => p.tile)).toEqual(['switch', 'move']);
  });

  it('played step by step through the engine, reaches a capture and the scoring, and you win', () => {
    const run = newRun();
    const botMoves = playThrough(run);
    expect(botMoves).toEqual([
      { type: 'chooseHand', seat: BEN, tiles: ['buddha3', 'rice3', 'castle3', 'samurai2', 'ship1'] },
      { type: 'placePiece', seat: BEN, hex: '14,9', piece: 'rice' },
      { type: 'play', seat: BEN, play: { tile: 'samurai2', hex: '16,13' } },
      { type: 'endTurn', seat: BEN },
    ]);
    const state = run.state;
    // Ben's samurai closed the rice village's ring on his own turn: the rice field went to you (5 against 4).
    expect(state.turns[1]).toMatchObject({ seat: BEN, captures: [{ hex: '16,12', piece: 'rice', seat: YOU }] });
    // Your Buddha 4 surrounded the last Buddha's village (4 against 2): the caste is gone, the game over.
    expect(state.turns[2]).toMatchObject({ seat: YOU, captures: [{ hex: '16,14', piece: 'buddha', seat: YOU }] });
    expect(state.pieces[settlementOf('16,12')] & (1 << RICE)).toBe(0);
    expect(state.phase).toBe('over');
    expect(state.result).toMatchObject({
      reason: 'caste-gone',
      captured: [
        [3, 3, 1],
        [2, 2, 3],
      ],
      winners: [YOU],
    });
    const scoring = score(state.captured);
    expect(scoring).toMatchObject({ leaders: [YOU, YOU, BEN], decidedBy: 'most-leaders' });
    // Over: nothing more for the bot to play.
    expect(run.botToMove).toBe(false);
    expect(run.step).toBeNull();
  });

  it('points only at things there when each step shows', () => {
    const run = newRun();
    const missing: string[] = [];
    playThrough(run, (state, index) => {
      for (const target of SAMURAI_LESSON.steps[index].point) if (!samuraiTargetExists(state, target)) missing.push(`${index}: ${JSON.stringify(target)}`);
    });
    expect(missing).toEqual([]);
    // The check can fail: a tile you do not hold, a piece that is not there.
    const state = parsePosition(SAMURAI_LESSON_POSITION);
    expect(samuraiTargetExists(state, { kind: 'tile', tile: 'switch' })).toBe(false);
    expect(samuraiTargetExists(state, { kind: 'piece', hex: '16,12', caste: BUDDHA })).toBe(false);
    expect(samuraiTargetExists(state, { kind: 'hex', hex: '1,1' })).toBe(false);
  });

  it('says every step in English, and every step that waits for a move explains another', () => {
    for (const step of SAMURAI_LESSON.steps) {
      expect(en.tutorial[step.say]).toEqual(expect.any(String));
      if (step.wait !== 'next') expect(step.instead && en.tutorial[step.instead]).toEqual(expect.any(String));
    }
  });

  it('explains a legal move that is not the lesson’s and changes nothing', () => {
    const run = newRun();
    until(run, 'playRice');
    expect(run.step?.say).toBe('playRice');
    const before = run.state;
    // Rice 3 on open land away from the village: legal, but not this lesson's play.
    const outcome = run.submit({ type: 'play', seat: YOU, play: { tile: 'rice3', hex: '13,13' } });
    expect(outcome).toEqual({ kind: 'instead', say: 'playRiceInstead' });
    expect(run.state).toBe(before);
    expect(run.step?.say).toBe('playRice');
  });

  it('refuses an illegal move with the engine’s own code and words, and changes nothing', async () => {
    const run = newRun();
    until(run, 'playRice');
    const before = run.state;
    const outcome = run.submit({ type: 'play', seat: YOU, play: { tile: 'rice3', hex: '15,11' } });
    expect(outcome).toMatchObject({ kind: 'refused', error: MoveError.Occupied });
    expect(run.state).toBe(before);
    // What the coach says: the text the table shows for a refused move of this code.
    if (outcome.kind !== 'refused') throw new Error('refused');
    expect(refusalText(outcome.error, MOVE_ERROR_MESSAGES[outcome.error as MoveError], outcome.detail, null)).toContain(
      MOVE_ERROR_MESSAGES[MoveError.Occupied],
    );
    // In the words the table gives the game's code (the Samurai client's errorText), in French without the English detail.
    await applyLanguage('fr');
    try {
      const french = t(`samurai.errors.${moveErrorKey(MoveError.Occupied)}`);
      expect(french).not.toBe(MOVE_ERROR_MESSAGES[MoveError.Occupied]);
      expect(refusalText(outcome.error, MOVE_ERROR_MESSAGES[MoveError.Occupied], outcome.detail, french)).toBe(french);
    } finally {
      await applyLanguage('en');
    }
    // Ending the turn before playing anything: the engine's turn/nothing_played.
    expect(run.submit({ type: 'endTurn', seat: YOU })).toMatchObject({ kind: 'refused', error: MoveError.NothingPlayed });
  });

  it('waits for Next where a step asks for it: a move then changes nothing', () => {
    const run = newRun();
    expect(run.step?.wait).toBe('next');
    expect(run.submit({ type: 'play', seat: YOU, play: { tile: 'rice3', hex: '15,12' } })).toEqual({ kind: 'wait' });
    expect(run.stepIndex).toBe(0);
  });
});
