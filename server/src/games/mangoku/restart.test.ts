import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOSE_RESTARTING, mangoku } from '@samurai/shared';
import { bootTestServer } from '../../test-support/boot';
import { MangokuClient } from './test-support/MangokuClient';
import { checkMangokuFrames } from './test-support/leak-check';
import { deckOf, stackedDeal } from './test-support/stacked-deck';
import { openStore } from '../../store/open-store';
import type { RunningServer } from '../../start-server';

jest.setTimeout(90_000);

const PROMPT_SECONDS = 5;

/**
 * A Mangoku game stopped mid-prompt (as a deploy stops the server) and started again on the same
 * SQLite data: the prompt comes back with its full time, runs out, and the default answer is
 * written down like any move, so a second restart finds it too.
 */
describe('a Mangoku restart on the same data', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mangoku-restart-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const deals = new Map<string, ReturnType<typeof stackedDeal>>();
  const boot = async (): Promise<RunningServer> => bootTestServer({ store: await openStore({ dataDir }), dealingRng: (code) => deals.get(code)! });

  test('a game waiting for an answer survives it, and the prompt gets its full time again', async () => {
    const first = await boot();
    const ann = await MangokuClient.create(first.url, { name: 'Ann', options: { players: 3, botLevel: 'random', promptSeconds: PROMPT_SECONDS } });
    const bob = await MangokuClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
    // People only: nothing moves while the test looks, unless time makes it.
    const cat = await MangokuClient.join(first.url, ann.code, { role: 'player', name: 'Cat' });
    const code = ann.code;
    // Ann plays first, a Captain at Bob, who holds a Monk.
    deals.set(code, stackedDeal(3, 0, deckOf(3, ['captain', 'peasant', 'monk', 'peasant', 'merchant', 'bandit', 'peasant', 'princess'])));
    await ann.must('start');
    const eve = await MangokuClient.join(first.url, code, { role: 'spectator' });
    await ann.must('play', { card: 'captain', targets: [1] });
    await Promise.all([ann, bob, eve].map((c) => c.sync()));
    const before = { ann: ann.view, bob: bob.view, eve: eve.view, log: Array.from(eve.state.log), endsAt: eve.roomView!.promptEndsAt! };
    expect(mangoku.answerOptions(bob.view, 1, (bob.view.step as Extract<mangoku.Step, { kind: 'answer' }>).prompt)).toEqual(['monk', 'pay', 'defend']);
    const tokens = [ann.seatToken, bob.seatToken, cat.seatToken];
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a second of the prompt's time goes by

    await first.close();
    for (const c of [ann, bob, cat, eve]) expect(await c.closed()).toBe(CLOSE_RESTARTING);

    const second = await boot();
    let third: RunningServer | null = null;
    try {
      expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
      const restartedAt = Date.now();
      const ann2 = await MangokuClient.join(second.url, code, { seatToken: tokens[0] });
      const bob2 = await MangokuClient.join(second.url, code, { seatToken: tokens[1] });
      const eve2 = await MangokuClient.join(second.url, code, { role: 'spectator' });
      // Exactly where they were: the same views (the prompt still waiting for Bob), the same log.
      expect(ann2.view).toStrictEqual(before.ann);
      expect(bob2.view).toStrictEqual(before.bob);
      expect(eve2.view).toStrictEqual(before.eve);
      expect(Array.from(eve2.state.log)).toEqual(before.log);
      // Its full time again, from the restart, for everyone alike.
      const endsAt = eve2.roomView!.promptEndsAt!;
      expect(endsAt).toBeGreaterThan(before.endsAt);
      expect(endsAt - restartedAt).toBeGreaterThan(PROMPT_SECONDS * 1000 - 1000);
      expect([ann2, bob2].map((c) => c.roomView!.promptEndsAt)).toEqual([endsAt, endsAt]);

      // Nobody answers: the time runs out and Bob defends with his hand (Monk and Peasant: 2 < 3).
      await eve2.waitFor((s) => !s.step.includes('"answer"'), (PROMPT_SECONDS + 3) * 1000, 'the prompt to run out');
      expect(Date.now() - restartedAt).toBeGreaterThan(PROMPT_SECONDS * 1000 - 1000);
      expect(eve2.view.campaigns[0].turns[0]).toEqual({ seat: 0, play: { card: 'captain', targets: [1] }, answers: [{ seat: 1, answer: 'defend' }] });
      expect(eve2.view.inCampaign).toEqual([true, false, true]);
      await Promise.all([ann2, bob2, eve2].map((c) => c.sync()));
      const afterTimeout = { log: Array.from(eve2.state.log), ann: ann2.view };
      const restoredFrames = [ann2, bob2, eve2].map(
        (c) =>
          checkMangokuFrames(
            c,
            tokens.filter((t) => t !== c.welcome?.seatToken),
          ).leaks,
      );
      expect(restoredFrames).toEqual([[], [], []]);

      // The default answer was written down: a second restart finds the game after it.
      await second.close();
      third = await boot();
      expect(third.restored).toEqual({ rooms: 1, quarantined: 0 });
      const ann3 = await MangokuClient.join(third.url, code, { seatToken: tokens[0] });
      const bob3 = await MangokuClient.join(third.url, code, { seatToken: tokens[1] });
      const cat3 = await MangokuClient.join(third.url, code, { seatToken: tokens[2] });
      const eve3 = await MangokuClient.join(third.url, code, { role: 'spectator' });
      expect(Array.from(eve3.state.log)).toEqual(afterTimeout.log);
      expect(ann3.view).toStrictEqual(afterTimeout.ann);

      for (const c of [ann3, bob3, cat3]) c.autoPlay();
      await eve3.waitFor((s) => s.phase === 'over', 60_000, 'the end of the game');
      const record = await (await fetch(`${third.url}/api/rooms/${code}/record`)).json();
      expect(mangoku.verifyRecord(record)).toMatchObject({ ok: true });
      expect((record as mangoku.GameRecord).campaigns[0].turns[0].answers).toEqual([{ seat: 1, answer: 'defend' }]);
      for (const c of [ann3, bob3, cat3])
        expect(
          checkMangokuFrames(
            c,
            tokens.filter((t) => t !== c.seatToken),
          ).leaks,
        ).toEqual([]);
      expect(checkMangokuFrames(eve3, tokens).leaks).toEqual([]);
      await Promise.all([ann3, bob3, cat3, eve3].map((c) => c.leave()));
    } finally {
      await (third ?? second).close();
    }
  });
});
