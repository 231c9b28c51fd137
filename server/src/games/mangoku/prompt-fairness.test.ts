import { mangoku } from '@samurai/shared';
import { decodeFrames, DecodedFrame } from '../../test-support/decode-frames';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { deckOf, stackedDeal } from './test-support/stacked-deck';

jest.setTimeout(60_000);

/** Rooms whose game the test deals, by room code. */
const deals = new Map<string, ReturnType<typeof stackedDeal>>();
const server = useTestServer({ dealingRng: (code) => deals.get(code)! });

const PROMPT_SECONDS = 5;
const BOT_DELAY_MS = 400;

/**
 * Three seats and a spectator: Ann (seat 0) plays first; Bob (seat 1) is the one attacked, a
 * person or a bot; Cat (seat 2) a person. `deck` deals the game.
 */
async function table(deck: mangoku.CardName[], bobIsBot = false) {
  const ann = await MangokuClient.create(server.url, {
    name: 'Ann',
    options: { players: 3, promptSeconds: PROMPT_SECONDS, botDelayMs: BOT_DELAY_MS, botLevel: 'greedy' },
  });
  let bob: MangokuClient | null = null;
  if (bobIsBot) await ann.must('addBot', {});
  else bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  deals.set(ann.code, stackedDeal(3, 0, deck));
  await ann.must('start');
  return { ann, bob, cat, eve };
}

const stepOf = (f: DecodedFrame) => (f.state.step ? (JSON.parse(f.state.step as string) as mangoku.Step).kind : '');

/** The frames a client received from the prompt on (the prompt's own frame first), up to its resolution. */
function promptFrames(client: MangokuClient) {
  const frames = decodeFrames(client);
  const start = frames.findIndex((f) => stepOf(f) === 'answer');
  const end = frames.findIndex((f, i) => i > start && stepOf(f) !== 'answer');
  if (start < 0 || end < 0) throw new Error('no prompt resolved in these frames');
  return { before: frames.slice(0, start), during: frames.slice(start, end), resolvedAfterMs: frames[end].time - frames[start].time };
}

/** A frame as compared across two games: what it changed, the prompt's deadline (a time of day) masked. */
const shape = (f: DecodedFrame) => ({ bytes: f.bytes.length, changes: f.changes.map((c) => c.replace(/(\.promptEndsAt=)[1-9]\d*/, '$1<time>')) });

/** The turns before the attack, the same for both hands (see the decks). */
async function playUpToTheAttack(t: Awaited<ReturnType<typeof table>>, afterATurnOfBobs: boolean) {
  if (afterATurnOfBobs) {
    await t.ann.must('play', { card: 'peasant' });
    await t.bob!.must('play', { card: 'monk' }); // on his own turn: no effect
    await t.cat.must('play', { card: 'princess', targets: ['centre'] });
  }
  await t.ann.must('play', { card: 'captain', targets: [1] });
}

/*
 * The decks: Bob holds a Monk or not; the card that differs lies face down under the discard
 * pile, which nobody ever sees. Everything public is the same in both games.
 */
const FIRST_TURN = {
  monk: deckOf(3, ['captain', 'peasant', 'monk', 'peasant', 'merchant', 'bandit', 'peasant', 'princess']),
  none: deckOf(3, ['captain', 'peasant', 'peasant', 'peasant', 'merchant', 'bandit', 'monk', 'princess']),
};
const AFTER_HIS_TURN = {
  monk: deckOf(3, ['peasant', 'captain', 'monk', 'peasant', 'princess', 'bandit', 'peasant', 'merchant', 'monk', 'captain', 'warlord']),
  none: deckOf(3, ['peasant', 'captain', 'peasant', 'peasant', 'princess', 'bandit', 'monk', 'merchant', 'monk', 'captain', 'warlord']),
};

describe.each([
  ['before his first turn (a coin may block: monk, pay, defend / pay, defend)', FIRST_TURN, false],
  ['after his first turn (no coin may block: monk, defend / defend alone)', AFTER_HIS_TURN, true],
])('an attack on a player %s', (_what, decks, afterATurnOfBobs) => {
  test('reaches him, and everyone, in the same frames whether or not he holds a Monk, and waits its full time either way', async () => {
    const games = await Promise.all([table(decks.monk), table(decks.none)]);
    await Promise.all(games.map((t) => playUpToTheAttack(t, afterATurnOfBobs)));
    // Nobody answers: each prompt runs out its time.
    await Promise.all(
      games.flatMap((t) =>
        [t.ann, t.bob!, t.cat, t.eve].map((c) =>
          c.waitFor((s) => s.turn === '' || !s.step.includes('"answer"'), (PROMPT_SECONDS + 3) * 1000, 'the resolution'),
        ),
      ),
    );
    const [withMonk, without] = games;
    // What Bob may answer differs, as his own client computes it from his own view.
    const options = games.map((t) => {
      const frames = decodeFrames(t.bob!);
      const prompt = frames.find((f) => stepOf(f) === 'answer')!;
      const view = mangoku.viewFromRoomState(prompt.state as unknown as mangoku.ClientRoomState, 1)!.view;
      return mangoku.answerOptions(view, 1, (view.step as Extract<mangoku.Step, { kind: 'answer' }>).prompt);
    });
    expect(options).toEqual(
      afterATurnOfBobs
        ? [['monk', 'defend'], ['defend']]
        : [
            ['monk', 'pay', 'defend'],
            ['pay', 'defend'],
          ],
    );

    for (const who of ['ann', 'bob', 'cat', 'eve'] as const) {
      const a = promptFrames(withMonk[who]!);
      const b = promptFrames(without[who]!);
      // The prompt and anything during it: the same bytes but for the deadline's time of day.
      expect({ who, during: a.during.map(shape) }).toEqual({ who, during: b.during.map(shape) });
      expect(a.during.length).toBe(1);
      // Everyone else received the same frames from the start of the game: Bob's hand reaches Bob alone.
      if (who !== 'bob') expect({ who, before: a.before.slice(1).map(shape) }).toEqual({ who, before: b.before.slice(1).map(shape) });
      // The time runs out in full for both hands: no early answer for a player with one answer open.
      expect(a.resolvedAfterMs).toBeGreaterThan(PROMPT_SECONDS * 1000 - 50);
      expect(b.resolvedAfterMs).toBeGreaterThan(PROMPT_SECONDS * 1000 - 50);
      expect(Math.abs(a.resolvedAfterMs - b.resolvedAfterMs)).toBeLessThan(1000);
    }
    // The prompt's deadline is its full time from when it was put, the same for everyone in a room.
    for (const t of games) {
      const frame = decodeFrames(t.eve).find((f) => stepOf(f) === 'answer')!;
      const endsAt = frame.state.promptEndsAt as number;
      expect(endsAt - Date.now()).toBeLessThan(0);
      expect(new Set([t.ann, t.bob!, t.cat].map((c) => decodeFrames(c).find((f) => stepOf(f) === 'answer')!.state.promptEndsAt))).toEqual(new Set([endsAt]));
    }
    // The default answer applied: defend, and two cards of 1 BTL fall to a Captain.
    for (const t of games) expect(t.eve.view.campaigns[0].turns.at(-1)!.answers).toEqual([{ seat: 1, answer: 'defend' }]);
    for (const t of games) for (const c of [t.ann, t.bob!, t.cat]) expect(c.errors).toEqual([]);
    for (const t of games) for (const c of [t.ann, t.bob!, t.cat, t.eve]) await c.leave();
  });
});

test('a bot answers after the room’s bot delay, the same whether or not it holds a Monk', async () => {
  const games = await Promise.all([table(FIRST_TURN.monk, true), table(FIRST_TURN.none, true)]);
  await Promise.all(games.map((t) => t.ann.must('play', { card: 'captain', targets: [1] })));
  await Promise.all(games.flatMap((t) => [t.ann, t.cat, t.eve].map((c) => c.waitFor((s) => !s.step.includes('"answer"'), 5000, 'the bot’s answer'))));
  const times = games.map((t) => [t.ann, t.cat, t.eve].map((c) => promptFrames(c).resolvedAfterMs));
  for (const ms of times.flat()) {
    expect(ms).toBeGreaterThan(BOT_DELAY_MS - 50);
    expect(ms).toBeLessThan(BOT_DELAY_MS + 1000);
  }
  // It answered as it chose (a Monk, or its hand), on the same clock.
  expect(games.map((t) => t.eve.view.campaigns[0].turns[0].answers![0].answer)).toEqual(['monk', expect.stringMatching(/^(pay|defend)$/)]);
  for (const t of games) for (const c of [t.ann, t.cat, t.eve]) await c.leave();
});

test('nobody learns that someone has answered: no frame reaches the others until the prompt resolves', async () => {
  const t = await table(deckOf(3, ['merchant', 'peasant', 'monk', 'peasant', 'captain', 'bandit', 'peasant', 'princess']));
  await t.ann.must('play', { card: 'merchant' });
  const everyone = [t.ann, t.bob!, t.cat, t.eve];
  await Promise.all(everyone.map((c) => c.sync()));
  const stateFrames = (c: MangokuClient) => decodeFrames(c).length;
  const before = everyone.map(stateFrames);
  await t.bob!.must('answer', { answer: 'monk' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await Promise.all(everyone.map((c) => c.sync()));
  // Bob saw his own answer; nobody else received anything at all.
  expect(everyone.map((c, i) => stateFrames(c) - before[i])).toEqual([0, 1, 0, 0]);
  expect(t.bob!.view.answers).toEqual(['monk', null]);
  expect(t.ann.view.answers).toEqual([null, null]);
  await t.cat.must('answer', { answer: 'accept' });
  await Promise.all(everyone.map((c) => c.sync()));
  // Resolved: every answer public at once.
  for (const c of everyone)
    expect(c.view.campaigns[0].turns[0].answers).toEqual([
      { seat: 1, answer: 'monk' },
      { seat: 2, answer: 'accept' },
    ]);
  for (const c of everyone) await c.leave();
});
