/** The benchmarks' command-line options: `--name value` and `--name a,b,c`. */

/** `--name N`, a positive number, or `fallback` when absent. */
export function numberArgument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `--name a,b,c`, positive numbers, or `fallback` when absent. */
export function numbersArgument(name: string, fallback: readonly number[]): number[] {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return [...fallback];
  const values = (process.argv[i + 1] ?? '').split(',').map(Number);
  if (!values.every((v) => Number.isFinite(v) && v > 0)) throw new Error(`--${name} must be positive numbers separated by commas`);
  return values;
}
