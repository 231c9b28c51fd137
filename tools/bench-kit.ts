/** What the engine benchmarks share: timing loops and printing. */
import { openSync, readSync } from 'node:fs';

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Runs `round` until `budgetMs` has passed; returns rounds per second (after a warm-up). */
export function rate(budgetMs: number, round: (i: number) => void): number {
  return rates(budgetMs, round).wall;
}

/**
 * rate, also per second of this process's CPU time: on a machine others load, the wall clock
 * counts the time the process waited for the core; the CPU time does not.
 */
export function rates(budgetMs: number, round: (i: number) => void): { wall: number; cpu: number } {
  for (let i = 0; i < 200; i++) round(1e6 + i); // warm the JIT
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let n = 0;
  while (performance.now() - start < budgetMs) round(n++);
  const cpu = process.cpuUsage(cpuStart);
  return { wall: (n * 1000) / (performance.now() - start), cpu: (n * 1e6) / (cpu.user + cpu.system) };
}

/** The q-quantile of values sorted ascending (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/** The process's CPU time, ms: every thread's (the collector's too). */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * A clock of the calling thread's own CPU time, in ms: what a bot's thread spent, not the time it
 * waited for a core on a machine others load. Linux's /proc/thread-self/schedstat (ns on the CPU),
 * kept open (the file is the thread's that opened it: call this on the thread it is to time);
 * elsewhere the process's CPU time. The kernel adds a running thread's time up at its scheduler's
 * ticks: a reading may lag by one (a few ms).
 */
export function threadCpuClock(): () => number {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return processCpuMs;
  }
  const buffer = Buffer.alloc(64);
  return () => {
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    let ns = 0;
    for (let i = 0; i < n; i++) {
      const digit = buffer[i] - 48;
      if (digit < 0 || digit > 9) break;
      ns = ns * 10 + digit;
    }
    return ns / 1e6;
  };
}
