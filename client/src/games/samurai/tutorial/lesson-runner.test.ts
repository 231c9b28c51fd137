import { checkMove, GameState, legalPlays, Move } from '@samurai/shared';
import { SAMURAI_LESSON, YOU, BEN } from './samurai-lesson';
import { samuraiLessonRules } from './samurai-lesson-rules';
import { Lesson, LessonRun, sameJson } from '../../../tutorial/lesson';

// The runner is tested on a real engine (Samurai's), with lessons cut from the real script.
const firstSteps = (n: number): Lesson<GameState, Move, unknown> => ({ ...SAMURAI_LESSON, steps: SAMURAI_LESSON.steps.slice(0, n) });

describe('the lesson runner', () => {
  it('goes on with Next only on a step that waits for Next', () => {
    const run = new LessonRun(SAMURAI_LESSON, samuraiLessonRules());
    expect(run.next()).toBe(true);
    // Step 2 waits for a move (your starting hand): Next does nothing.
    expect(run.step?.say).toBe('chooseHand');
    expect(run.next()).toBe(false);
    expect(run.stepIndex).toBe(1);
  });

  it('makes the bot’s scripted moves one at a time, and takes no move of yours meanwhile', () => {
    const run = new LessonRun(SAMURAI_LESSON, samuraiLessonRules());
    while (run.step?.say !== 'endFirstTurn') {
      const step = run.step!;
      if (step.wait === 'next') run.next();
      else run.submit(step.wait);
      while (run.botStep());
    }
    expect(run.submit({ type: 'endTurn', seat: YOU })).toEqual({ kind: 'done' });
    expect(run.botToMove).toBe(true);
    expect(run.submit({ type: 'play', seat: YOU, play: { tile: 'buddha4', hex: '15,13' } })).toEqual({ kind: 'wait' });
    expect(run.botStep()).toEqual({ type: 'play', seat: BEN, play: { tile: 'samurai2', hex: '16,13' } });
    expect(run.botStep()).toEqual({ type: 'endTurn', seat: BEN });
    expect(run.botToMove).toBe(false);
    expect(run.botStep()).toBeNull();
    expect(run.step?.say).toBe('riceCaptured');
  });

  it('after the script, lets you play on and the bot answer with its own moves until the game ends', () => {
    const run = new LessonRun(firstSteps(6), samuraiLessonRules(3));
    for (let step = run.step; step; step = run.step) {
      if (step.wait === 'next') run.next();
      else run.submit(step.wait);
      while (run.botStep());
    }
    expect(run.step).toBeNull();
    // Free play: any legal move of yours is made; the engine still refuses an illegal one.
    // (Here: a second tile that is not fast, after the move tile.)
    expect(run.submit({ type: 'play', seat: YOU, play: { tile: 'buddha4', hex: '15,11' } })).toMatchObject({ kind: 'refused', error: 'play/one_non_fast' });
    let turns = 0;
    while (!run.over && turns < 200) {
      if (run.botToMove) {
        expect(run.botStep()).not.toBeNull();
        continue;
      }
      const state = run.state;
      const play = legalPlays(state, YOU)[0];
      const move: Move = play && state.turnPlays.length === 0 ? { type: 'play', seat: YOU, play } : { type: 'endTurn', seat: YOU };
      expect(checkMove(state, move)).toBeNull();
      expect(run.submit(move)).toEqual({ kind: 'free' });
      if (move.type === 'endTurn') turns++;
    }
    expect(run.over).toBe(true);
    expect(run.state.result).not.toBeNull();
  });

  it('treats a scripted bot move the engine refuses as a broken lesson', () => {
    const broken: Lesson<GameState, Move, unknown> = {
      ...SAMURAI_LESSON,
      steps: [{ say: 'welcome', point: [], wait: 'next', then: [{ type: 'endTurn', seat: BEN }] }],
    };
    const run = new LessonRun(broken, samuraiLessonRules());
    run.next();
    expect(() => run.botStep()).toThrow(/move\/wrong_phase/);
  });

  it('jumps to a later moment of the game where a step says so, and only after the bot’s moves', () => {
    const run = new LessonRun(SAMURAI_LESSON, samuraiLessonRules());
    const phases: string[] = [];
    for (let step = run.step; step; step = run.step) {
      const jumps = run.jumps;
      if (step.wait === 'next') run.next();
      else run.submit(step.wait);
      if (run.jumps !== jumps) phases.push(`${run.step?.say}: ${run.state.phase}, turn ${run.state.turns.length}`);
      while (run.botStep());
    }
    // From the setup to a turn of play, then to the last turns: each scene once, as the engine states it.
    expect(phases).toEqual(['playSwitch: play, turn 0', 'riceVillage: play, turn 0']);
    expect(run.jumps).toBe(2);
    // A scene may not follow a step with bot moves to make (they would be skipped unseen).
    const broken: Lesson<GameState, Move, unknown> = {
      ...SAMURAI_LESSON,
      steps: [SAMURAI_LESSON.steps[0], SAMURAI_LESSON.steps[1], SAMURAI_LESSON.steps.find((s) => s.scene)!],
    };
    const early = new LessonRun(broken, samuraiLessonRules());
    early.next();
    expect(() => early.submit(SAMURAI_LESSON.steps[1].wait as Move)).toThrow(/jumps to a scene while the bot has moves/);
  });

  it('compares moves as JSON, whatever the order of their fields', () => {
    expect(sameJson({ type: 'play', seat: 0, play: { tile: 'rice3', hex: '15,12' } }, { seat: 0, play: { hex: '15,12', tile: 'rice3' }, type: 'play' })).toBe(
      true,
    );
    expect(sameJson({ type: 'play', seat: 0, play: { tile: 'rice3', hex: '15,12' } }, { type: 'play', seat: 0, play: { tile: 'rice3', hex: '13,13' } })).toBe(
      false,
    );
  });
});
