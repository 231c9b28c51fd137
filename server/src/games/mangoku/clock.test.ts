import { mangoku } from '@samurai/shared';
import { useTestServer } from '../../test-support/boot';
import { MangokuClient } from './test-support/MangokuClient';

jest.setTimeout(90_000);

const server = useTestServer();

test('the clock runs for the seat whose turn it is and for nobody while a prompt waits (the prompt has its own time), so it tells nobody who holds a Monk', async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 4, botLevel: 'random', clock: 'move-3m' } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  await ann.must('addBot', {});
  await ann.must('addBot', {});
  await ann.must('start');
  const problems: string[] = [];
  let prompts = 0;
  let turns = 0;
  const check = (s: mangoku.ClientRoomState): boolean => {
    if (s.phase !== 'play') return s.phase === 'over';
    const step = JSON.parse(s.step) as { kind: string; seat?: number };
    if (step.kind === 'answer') {
      prompts++;
      if (s.clockRunning !== 0) problems.push(`a clock ran during a prompt (${s.clockRunning})`);
    } else if (step.kind === 'play' && (step.seat === 0 || step.seat === 1)) {
      turns++;
      if (s.clockRunning !== 1 << step.seat) problems.push(`turn of seat ${step.seat}, clocks ${s.clockRunning}`);
    }
    return false;
  };
  ann.autoPlay();
  bob.autoPlay();
  await eve.waitFor(check, 60_000, 'the end');
  expect(problems).toEqual([]);
  expect(prompts).toBeGreaterThan(0);
  expect(turns).toBeGreaterThan(0);
  await Promise.all([ann.leave(), bob.leave(), eve.leave()]);
});
