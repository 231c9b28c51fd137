import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameRecord } from '@samurai/shared';
import { runTool } from './run-tool';

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
});

describe('simulate and replay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'samurai-records-'));
  const again = mkdtempSync(join(tmpdir(), 'samurai-records-'));
  let summary: Record<string, unknown>;

  beforeAll(() => {
    const run = runTool('simulate', ['--players', '3', '--games', '12', '--seed', '40', '--bot', 'greedy,random,random', '--capture-timing', 'immediate', '--records', dir]);
    expect(run.stderr).toBe('');
    summary = run.lines[0] as Record<string, unknown>;
    runTool('simulate', ['--players', '3', '--games', '12', '--seed', '40', '--bot', 'greedy,random,random', '--capture-timing', 'immediate', '--records', again]);
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
    const tampered = { ...record, turns: record.turns.map((t, i) => (i === turn ? { ...t, plays: t.plays.map((p, j) => (j === play ? { ...p, hex: first.hex } : p)) } : t)) };
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
