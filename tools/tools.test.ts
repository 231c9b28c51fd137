import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameRecord, mangoku } from '@samurai/shared';
import { runTool, runToolProcess } from './run-tool';

jest.setTimeout(60_000);

describe('board', () => {
  it.each([
    [2, 91],
    [3, 133],
    [4, 174],
  ])('prints the %i-player board with its %i hexes', (players, count) => {
    const run = runTool('board', ['--players', String(players)]);
    expect(run.status).toBe(0);
    const board = run.lines[0] as { players: number; hexes: { hex: string; kind: string; island?: string }[] };
    expect(board.players).toBe(players);
    expect(board.hexes).toHaveLength(count);
    expect(board.hexes).toContainEqual({ hex: '14,13', kind: 'edo', island: 'honshu' });
    expect(board.hexes.filter((h) => h.kind === 'sea').every((h) => !('island' in h))).toBe(true);
  });

  it('refuses a player count that does not exist', () => {
    const run = runTool('board', ['--players', '5']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--players must be an integer from 2 to 4');
  });

  it('is for the games played on a board', () => {
    expect(runTool('board', ['--game', 'samurai', '--players', '2']).lines[0]).toEqual(runTool('board', ['--players', '2']).lines[0]);
    const run = runTool('board', ['--game', 'mangoku', '--players', '3']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--game must be one of samurai, not "mangoku"');
  });
});

describe('simulate and replay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'samurai-records-'));
  const again = mkdtempSync(join(tmpdir(), 'samurai-records-'));
  let summary: Record<string, unknown>;

  beforeAll(() => {
    const run = runTool('simulate', [
      '--players',
      '3',
      '--games',
      '12',
      '--seed',
      '40',
      '--bot',
      'greedy,random,random',
      '--capture-timing',
      'immediate',
      '--records',
      dir,
    ]);
    expect(run.stderr).toBe('');
    summary = run.lines[0] as Record<string, unknown>;
    runTool('simulate', [
      '--players',
      '3',
      '--games',
      '12',
      '--seed',
      '40',
      '--bot',
      'greedy,random,random',
      '--capture-timing',
      'immediate',
      '--records',
      again,
    ]);
  });

  it('prints a one-line summary of the games', () => {
    expect(summary).toMatchObject({ games: 12, players: 3, seed: 40, bots: ['greedy', 'random', 'random'] });
    const ended = summary.ended as Record<string, number>;
    expect(Object.values(ended).reduce((a, b) => a + b, 0)).toBe(12);
    const shares = summary.winShares as number[];
    expect(shares).toHaveLength(3);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(summary.meanTurns).toBeGreaterThan(0);
  });

  it('writes one record per game, the same for the same seed', () => {
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(12);
    expect(files).toContain('game-40.json');
    for (const f of files) expect(readFileSync(join(again, f), 'utf8')).toBe(readFileSync(join(dir, f), 'utf8'));
  });

  it('verifies every record it wrote', () => {
    const files = readdirSync(dir).map((f) => join(dir, f));
    const run = runTool('replay', files);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(12);
    for (const line of run.lines) expect(line).toMatchObject({ ok: true });
  });

  it('names the first illegal step of a tampered record and exits 1', () => {
    const record = JSON.parse(readFileSync(join(dir, 'game-40.json'), 'utf8')) as GameRecord;
    // The second turn plays onto the hex the first turn's first tile took.
    const first = record.turns[0].plays[0] as { hex?: string };
    const turn = record.turns.findIndex((t, i) => i > 0 && t.plays.some((p) => 'hex' in p));
    const play = record.turns[turn].plays.findIndex((p) => 'hex' in p);
    const tampered = {
      ...record,
      turns: record.turns.map((t, i) => (i === turn ? { ...t, plays: t.plays.map((p, j) => (j === play ? { ...p, hex: first.hex } : p)) } : t)),
    };
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(tampered));
    const run = runTool('replay', [join(dir, 'game-41.json'), file]);
    expect(run.status).toBe(1);
    expect(run.lines[0]).toMatchObject({ ok: true });
    expect(run.lines[1]).toMatchObject({ ok: false, turn, play });
    const message = (run.lines[1] as { message: string }).message;
    expect(message).toContain(`turns[${turn}]`);
    expect(message).toContain(`plays[${play}]`);
  });

  it('reports a file that is not JSON', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"format": ');
    const run = runTool('replay', [file]);
    expect(run.status).toBe(1);
    expect(run.lines[0]).toMatchObject({ ok: false, rule: 'record/unreadable' });
  });
});

describe('simulate and replay for Mangoku', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mangoku-records-'));
  const again = mkdtempSync(join(tmpdir(), 'mangoku-records-'));
  const samuraiDir = mkdtempSync(join(tmpdir(), 'samurai-records-'));
  const args = ['--game', 'mangoku', '--players', '5', '--games', '10', '--seed', '70', '--bot', 'greedy,random,random,random,greedy'];
  let summary: Record<string, unknown>;

  beforeAll(() => {
    const run = runTool('simulate', [...args, '--records', dir]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    summary = run.lines[0] as Record<string, unknown>;
    runTool('simulate', [...args, '--records', again]);
    runTool('simulate', ['--players', '2', '--games', '2', '--seed', '3', '--records', samuraiDir]);
  });

  it('prints a one-line summary of the games', () => {
    expect(summary).toMatchObject({ game: 'mangoku', games: 10, players: 5, seed: 70, bots: ['greedy', 'random', 'random', 'random', 'greedy'] });
    const campaignEnds = summary.campaignEnds as Record<string, number>;
    expect(Object.keys(campaignEnds).sort()).toEqual([...mangoku.CAMPAIGN_END_REASONS].sort());
    // Every game has at least one campaign, and every campaign ended for one reason.
    const campaigns = Object.values(campaignEnds).reduce((a, b) => a + b, 0);
    expect(campaigns).toBeGreaterThanOrEqual(10);
    expect(summary.meanCampaigns).toBeCloseTo(campaigns / 10, 3);
    expect(summary.meanTurns).toBeGreaterThan(summary.meanCampaigns as number);
    const shares = summary.winShares as number[];
    expect(shares).toHaveLength(5);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
  });

  it('writes one mangoku-record/1 per game, the same for the same seed, and game g alone from seed S+g', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(Array.from({ length: 10 }, (_, g) => `game-${70 + g}.json`).sort());
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(JSON.parse(text).format).toBe('mangoku-record/1');
      expect(readFileSync(join(again, f), 'utf8')).toBe(text);
    }
    const alone = mkdtempSync(join(tmpdir(), 'mangoku-records-'));
    runTool('simulate', [
      '--game',
      'mangoku',
      '--players',
      '5',
      '--games',
      '1',
      '--seed',
      '76',
      '--bot',
      'greedy,random,random,random,greedy',
      '--records',
      alone,
    ]);
    expect(readFileSync(join(alone, 'game-76.json'), 'utf8')).toBe(readFileSync(join(dir, 'game-76.json'), 'utf8'));
  });

  it('gives other games for another seed', () => {
    const other = mkdtempSync(join(tmpdir(), 'mangoku-records-'));
    runTool('simulate', ['--game', 'mangoku', '--players', '5', '--games', '1', '--seed', '71', '--records', other]);
    expect(readFileSync(join(other, 'game-71.json'), 'utf8')).not.toBe(readFileSync(join(dir, 'game-70.json'), 'utf8'));
  });

  it('verifies Samurai and Mangoku records side by side, each by its own format', () => {
    const mangokuFiles = readdirSync(dir).map((f) => join(dir, f));
    const samuraiFiles = readdirSync(samuraiDir).map((f) => join(samuraiDir, f));
    const run = runTool('replay', [samuraiFiles[0], ...mangokuFiles, samuraiFiles[1]]);
    expect(run.status).toBe(0);
    const lines = run.lines as Record<string, unknown>[];
    expect(lines.map((l) => l.game)).toEqual(['samurai', ...mangokuFiles.map(() => 'mangoku'), 'samurai']);
    for (const line of lines) expect(line).toMatchObject({ ok: true });
    const record = JSON.parse(readFileSync(mangokuFiles[0], 'utf8')) as mangoku.GameRecord;
    expect(lines[1]).toMatchObject({ file: mangokuFiles[0], campaigns: record.campaigns.length, result: { winners: record.result.winners } });
  });

  it('names the campaign, turn, play and rule of a tampered Mangoku record and exits 1', () => {
    const record = JSON.parse(readFileSync(join(dir, 'game-72.json'), 'utf8')) as mangoku.GameRecord;
    // The first play aimed at another player is aimed at its own player instead.
    const campaign = record.campaigns.findIndex((c) => c.turns.some((t) => typeof t.play.targets?.[0] === 'number'));
    const turn = record.campaigns[campaign].turns.findIndex((t) => typeof t.play.targets?.[0] === 'number');
    const seat = record.campaigns[campaign].turns[turn].seat;
    const tampered = {
      ...record,
      campaigns: record.campaigns.map((c, i) =>
        i !== campaign ? c : { ...c, turns: c.turns.map((t, j) => (j !== turn ? t : { ...t, play: { ...t.play, targets: [seat] } })) },
      ),
    };
    const file = join(dir, 'tampered.mangoku');
    writeFileSync(file, JSON.stringify(tampered));
    const run = runTool('replay', [join(dir, 'game-73.json'), file, join(samuraiDir, 'game-3.json')]);
    expect(run.status).toBe(1);
    expect(run.lines[0]).toMatchObject({ game: 'mangoku', ok: true });
    expect(run.lines[1]).toMatchObject({ game: 'mangoku', ok: false, campaign, turn, play: 'play', rule: 'target/not_allowed' });
    expect((run.lines[1] as { message: string }).message).toContain(`campaigns[${campaign}].turns[${turn}].play: seat ${seat} plays`);
    expect(run.lines[2]).toMatchObject({ game: 'samurai', ok: true });
  });

  it('reports unreadable files and unknown formats, and goes on to the next file', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"format": "mangoku-record/1", ');
    const unknown = join(dir, 'unknown.json');
    writeFileSync(unknown, JSON.stringify({ format: 'chess-record/1' }));
    const run = runTool('replay', [broken, join(dir, 'missing.json'), unknown, join(dir, 'game-70.json')]);
    expect(run.status).toBe(1);
    expect(run.lines[0]).toMatchObject({ ok: false, rule: 'record/unreadable' });
    expect(run.lines[1]).toMatchObject({ ok: false, rule: 'record/unreadable' });
    expect(run.lines[2]).toMatchObject({ ok: false, rule: 'record/shape' });
    expect((run.lines[2] as { message: string }).message).toContain('chess-record/1');
    expect(run.lines[3]).toMatchObject({ game: 'mangoku', ok: true });
  });

  it('refuses a Mangoku table size or option that does not exist', () => {
    for (const [bad, says] of [
      [['--players', '7'], '--players must be an integer from 2 to 6'],
      [['--players', '3', '--setup', 'random'], '--setup is not an option for mangoku'],
      [['--players', '3', '--bot', 'greedy,random'], '--bot names one bot, or one per seat (3)'],
      [['--players', '3', '--bot', 'clever'], '--bot must be one of random, greedy'],
    ] as const) {
      const run = runTool('simulate', ['--game', 'mangoku', '--games', '1', '--seed', '1', ...bad]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(says);
      expect(run.stdout).toBe('');
    }
  });
});

describe('bench', () => {
  it.each([
    [['--game', 'chess'], '--game must be one of samurai, mangoku, not "chess"'],
    [['--game', 'mangoku', '--seconds', '0'], '--seconds must be an integer from 1 to 600'],
    [['--seconds', 'fast'], '--seconds must be an integer from 1 to 600'],
    [['--players', '6'], "Unknown option '--players'"],
  ])('refuses %j before measuring anything', (args, says) => {
    const run = runTool('bench', args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(says);
    expect(run.stdout).toBe('');
  });
});

describe('from the command line', () => {
  it('a tool prints, and exits, as it does in process', () => {
    const printed = runToolProcess('board', ['--players', '3']);
    expect(printed).toEqual(runTool('board', ['--players', '3']));
    expect(printed.status).toBe(0);
    const refused = runToolProcess('board', ['--players', '5']);
    expect(refused).toEqual(runTool('board', ['--players', '5']));
    expect(refused.status).toBe(2);
  });
});
