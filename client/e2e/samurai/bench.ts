/**
 * Samurai's parts of the client benchmark (client/bench/bench.ts): the frame rate of its board
 * during a capture animation (its harness replays a game's captures in a loop), and the replay
 * viewer stepping a 4-player game one step a frame and jumping to turns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportRecord, greedyBot, openReplay, playGame, seededRng } from '@samurai/shared';
import { BenchPart, harnessFpsEverywhere, median, replayFigures, replayStepCpuMs, round, VIEWPORTS } from '../../bench/measure';

export const benchParts: readonly BenchPart[] = [
  {
    name: 'capture',
    measure: async (bench) => ({
      captureFps: await harnessFpsEverywhere(bench, 'capture animation', `${bench.url}/harness.html?players=4&seed=3&turns=40&fly=1`, [
        'samuraiHarness',
        'board',
      ]),
    }),
  },
  {
    name: 'replay',
    async measure(bench) {
      // The replay viewer: a 4-player record, opened from a file (verified, then every step kept).
      const record = exportRecord(playGame({ players: 4 }, [greedyBot, greedyBot, greedyBot, greedyBot], seededRng(3), seededRng(4)));
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-bench-')), 'four-players.json');
      fs.writeFileSync(file, JSON.stringify(record));
      const opens: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        if (!openReplay(record).ok) throw new Error('bench: the record does not verify');
        opens.push(performance.now() - start);
      }
      console.log(
        `replay: a 4-player record (${record.turns.length} turns) verified and every position kept in ${round(median(opens), 2)} ms (median of 20, Node)`,
      );
      const replayRuns: (Awaited<ReturnType<typeof replayFigures>> & { cpuMs: number })[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await bench.contextFor(viewport);
        const page = await context.newPage();
        const run = { ...(await replayFigures(page, bench.url, file, '[data-board-ready=true]')), cpuMs: await replayStepCpuMs(page) };
        replayRuns.push(run);
        console.log(
          `replay at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${run.steps} steps one a frame at ${round(run.fps)} fps (worst frame ${round(run.worstFrameMs)} ms); ` +
            `a jump to a random step on screen in ${round(run.jumpP50Ms)} ms median, ${round(run.jumpMaxMs)} ms at most (its work in the page at most ${round(run.jumpWorkMaxMs)} ms); ` +
            `the page's main thread busy ${round(run.cpuMs)} ms of CPU a step`,
        );
        await context.close();
      }
      return {
        replayStepFps: round(Math.min(...replayRuns.map((r) => r.fps))),
        replayJumpMaxMs: round(Math.max(...replayRuns.map((r) => r.jumpMaxMs))),
        replayStepCpuMs: round(Math.max(...replayRuns.map((r) => r.cpuMs))),
      };
    },
  },
];
