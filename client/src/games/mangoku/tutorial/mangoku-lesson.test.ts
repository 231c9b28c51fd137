import { mangoku } from '@samurai/shared';
import en from '../locales/en.json';
import { LessonRun } from '../../../tutorial/lesson';
import { refusalText } from '../../../tutorial/refusal-text';
import { BEN, MANGOKU_LESSON, MANGOKU_LESSON_DECK, mangokuTargetExists, YOU } from './mangoku-lesson';
import { mangokuLessonRules } from './mangoku-lesson-rules';

const newRun = () => new LessonRun(MANGOKU_LESSON, mangokuLessonRules());

/** Plays the script as written; `visit` sees each step as it shows. Returns the bot's moves. */
function playThrough(run: ReturnType<typeof newRun>, visit: (state: mangoku.GameState, index: number) => void = () => undefined): mangoku.Move[] {
  const botMoves: mangoku.Move[] = [];
  while (run.step) {
    visit(run.state, run.stepIndex);
    const step = run.step;
    if (step.wait === 'next') expect(run.next()).toBe(true);
    else expect([step.say, run.submit(step.wait)]).toEqual([step.say, { kind: 'done' }]);
    for (let move = run.botStep(); move; move = run.botStep()) botMoves.push(move);
  }
  return botMoves;
}

/** Moves until the step whose words are `say`. */
function runTo(say: string) {
  const run = newRun();
  while (run.step && run.step.say !== say) {
    const step = run.step;
    if (step.wait === 'next') run.next();
    else run.submit(step.wait);
    while (run.botStep());
  }
  return run;
}

describe("Mangoku's guided first game", () => {
  it('is dealt by the engine from a deck of exactly the cards in play: you first, 3 coins each, 1 in the centre', () => {
    const state = MANGOKU_LESSON.initial();
    expect(mangoku.checkChance(mangoku.newGame({ players: 2 }, YOU), { type: 'deal', deck: MANGOKU_LESSON_DECK })).toBeNull();
    // The check can fail: a deck one card short is not the cards in play.
    expect(mangoku.checkChance(mangoku.newGame({ players: 2 }, YOU), { type: 'deal', deck: MANGOKU_LESSON_DECK.slice(1) })).toMatchObject({
      error: 'chance/bad_deck',
    });
    expect(state.step).toEqual({ kind: 'play', seat: YOU, source: 'hand' });
    expect(state.coins).toEqual([3, 3]);
    expect(state.centre).toBe(1);
    expect([...state.hands[YOU]].sort()).toEqual(['bandit', 'monk', 'princess']);
  });

  it('played step by step through the engine: a reaction, a battle, the campaign’s end and the ranking', () => {
    const run = newRun();
    const seen: Record<string, Partial<mangoku.GameState>> = {};
    const botMoves = playThrough(run, (state, index) => {
      seen[MANGOKU_LESSON.steps[index].say] = { coins: state.coins.slice(), centre: state.centre };
    });
    expect(botMoves.map(mangoku.formatMove)).toEqual(
      [
        { type: 'answer', seat: BEN, answer: 'accept' },
        { type: 'play', seat: BEN, play: { card: 'captain', targets: [YOU] } },
        { type: 'answer', seat: BEN, answer: 'accept' },
        { type: 'play', seat: BEN, play: { card: 'peasant' } },
        { type: 'answer', seat: BEN, answer: 'accept' },
        { type: 'play', seat: BEN, play: { card: 'peasant' } },
        { type: 'answer', seat: BEN, answer: 'defend' },
      ].map((m) => mangoku.formatMove(m as mangoku.Move)),
    );
    // Ben's coins, one card at a time: the Bandit takes 1, the Princess half of 2, the Merchant his last.
    expect(seen.monk).toEqual({ coins: [4, 2], centre: 1 });
    expect(seen.peasant).toEqual({ coins: [5, 1], centre: 1 });
    expect(seen.playWarlord).toEqual({ coins: [5, 0], centre: 2 });
    const state = run.state;
    const campaign = state.campaigns[0];
    // The reaction: your Monk cancelled Ben's Captain.
    expect(campaign.turns[1]).toMatchObject({ seat: BEN, play: { card: 'captain', targets: [YOU] }, answers: [{ seat: YOU, answer: 'monk' }] });
    expect(campaign.events).toContainEqual(expect.objectContaining({ type: 'monk', seat: YOU }));
    // The battle: 5 against a hand of 3 (Shrine Maiden 0, Captain 3): Ben is out.
    expect(campaign.events).toContainEqual(expect.objectContaining({ type: 'eliminated', seat: BEN }));
    expect(campaign.end).toMatchObject({ reason: 'last-standing', winner: YOU });
    // The campaign's end leaves Ben penniless: the game is over, you first with 7 coins.
    expect(state.step.kind).toBe('over');
    expect(state.result).toMatchObject({ coins: [7, 0], ranking: [[YOU], [BEN]], winners: [YOU] });
    expect(run.botToMove).toBe(false);
  });

  it('points only at things there when each step shows', () => {
    const missing: string[] = [];
    playThrough(newRun(), (state, index) => {
      for (const target of MANGOKU_LESSON.steps[index].point) if (!mangokuTargetExists(state, target)) missing.push(`${index}: ${JSON.stringify(target)}`);
    });
    expect(missing).toEqual([]);
    const state = MANGOKU_LESSON.initial();
    expect(mangokuTargetExists(state, { kind: 'card', card: 'warlord' })).toBe(false);
    expect(mangokuTargetExists(state, { kind: 'control', testid: 'answer', answer: 'monk' })).toBe(false);
    expect(mangokuTargetExists(state, { kind: 'control', testid: 'ranking' })).toBe(false);
  });

  it('says every step in English, and every step that waits for a move explains another', () => {
    for (const step of MANGOKU_LESSON.steps) {
      expect(en.tutorial[step.say]).toEqual(expect.any(String));
      if (step.wait !== 'next') expect(step.instead && en.tutorial[step.instead]).toEqual(expect.any(String));
    }
  });

  it('explains a legal move that is not the lesson’s and changes nothing', () => {
    const run = runTo('playBandit');
    const before = run.state;
    // The Princess on Ben is legal, but the lesson wants the Bandit.
    expect(run.submit({ type: 'play', seat: YOU, play: { card: 'princess', targets: [BEN] } })).toEqual({ kind: 'instead', say: 'playBanditInstead' });
    expect(run.state).toBe(before);
    // At the prompt, defending with your hand is legal too: the lesson wants the Monk.
    const atMonk = runTo('monk');
    expect(atMonk.submit({ type: 'answer', seat: YOU, answer: 'defend' })).toEqual({ kind: 'instead', say: 'monkInstead' });
    expect(atMonk.state.step.kind).toBe('answer');
  });

  it('refuses an illegal move with the engine’s own code and words, and changes nothing', () => {
    const run = runTo('playBandit');
    const before = run.state;
    // A Bandit aimed at yourself.
    const outcome = run.submit({ type: 'play', seat: YOU, play: { card: 'bandit', targets: [YOU] } });
    expect(outcome).toMatchObject({ kind: 'refused', error: expect.stringMatching(/^target\//) });
    expect(run.state).toBe(before);
    if (outcome.kind !== 'refused') throw new Error('refused');
    const code = outcome.error as mangoku.MoveError;
    expect(refusalText(code, mangoku.MOVE_ERROR_MESSAGES[code], outcome.detail, null)).toContain(mangoku.MOVE_ERROR_MESSAGES[code]);
    // Paying to block is only before your own first turn: the engine says so.
    expect(runTo('monk').submit({ type: 'answer', seat: YOU, answer: 'pay' })).toMatchObject({ kind: 'refused', error: expect.stringMatching(/^answer\//) });
  });

  it('says what the rules say: what a Monk cancels, when hands are refilled, when the game ends, a last card played', () => {
    const lesson = en.tutorial;
    // A Monk cancels what reaches you on another's turn, aimed at you or not; on your own turn it does nothing.
    for (const card of ['Ikki', 'Merchant', 'Shrine Maiden']) expect(lesson.hand).toContain(card);
    expect(lesson.hand).toMatch(/on your own turn it does nothing/);
    // Hands are refilled while the supply lasts, not "always".
    expect(lesson.playPrincess).not.toMatch(/always/);
    expect(lesson.playPrincess).toMatch(/while the supply lasts/);
    // The game ends when a campaign ends with someone out of coins, not the moment anyone is.
    expect(en.help.intro).not.toMatch(/When anyone runs out of coins/);
    expect(en.help.intro).toMatch(/When a campaign ends with anyone out of coins/);
    // A last card played on an empty supply: out of the campaign, the card still takes effect.
    expect(en.help.campaign4).toMatch(/last card .* out of the campaign, though the card still takes effect/);
  });
});
