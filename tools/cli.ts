import { parseArgs, ParseArgsConfig } from 'node:util';

/** Exits with a one-line message on stderr (status 2: the command line was wrong). */
export function usageError(message: string, usage: string): never {
  process.stderr.write(`error: ${message}\nusage: ${usage}\n`);
  process.exit(2);
}

/**
 * node:util parseArgs, with unknown or malformed options reported as usage errors. The arguments
 * are read from this realm's process.argv (parseArgs's default reads Node's own), which the tools'
 * tests set to run a tool inside jest.
 */
export function readArgs<T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string, allowPositionals = false) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals, strict: true });
  } catch (e) {
    return usageError((e as Error).message, usage);
  }
}

/** An integer option within [min, max], or a usage error naming the option. */
export function intOption(value: string | undefined, name: string, fallback: number | undefined, min: number, max: number, usage: string): number {
  if (value === undefined) {
    if (fallback === undefined) usageError(`--${name} is required`, usage);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) usageError(`--${name} must be an integer from ${min} to ${max}, not "${value}"`, usage);
  return n;
}

export function choiceOption<T extends string>(value: string | undefined, name: string, choices: readonly T[], fallback: T, usage: string): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value as T)) usageError(`--${name} must be one of ${choices.join(', ')}, not "${value}"`, usage);
  return value as T;
}

/** Refuses options that belong to another game than the one chosen. */
export function refuseOptions(values: Record<string, unknown>, names: readonly string[], game: string, usage: string): void {
  for (const name of names) if (values[name] !== undefined) usageError(`--${name} is not an option for ${game}`, usage);
}
