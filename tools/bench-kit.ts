/** What the engine benchmarks share: timing loops and printing. */

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Runs `round` until `budgetMs` has passed; returns rounds per second (after a warm-up). */
export function rate(budgetMs: number, round: (i: number) => void): number {
  for (let i = 0; i < 200; i++) round(1e6 + i); // warm the JIT
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < budgetMs) round(n++);
  return (n * 1000) / (performance.now() - start);
}

/** The q-quantile of values sorted ascending (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}
