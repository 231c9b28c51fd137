/**
 * Every setting the server reads from its environment, in one zod schema: what each accepts and its
 * default. main.ts reads it once at start (and the backup command its part); nothing else reads
 * the environment. docs/configuration.md documents each variable in one table, and `.env.example` lists
 * them all (environment.test.ts keeps the three the same). An empty value counts as unset.
 */
import { z } from 'zod';
import { parseAllowedOrigins } from '../http/allowed-origins';
import { parseInternalAddresses, parseTrustProxy } from '../http/client-address';
import { LOG_FORMATS, LOG_LEVELS } from '../log';

/** A value the variable may hold, and what it becomes; an empty string is the same as none. */
function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

function wholeNumber(min = 0, max = Number.MAX_SAFE_INTEGER) {
  const accepts = max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`;
  return z
    .string()
    .refine((text) => /^\s*\d+\s*$/.test(text) && Number(text) >= min && Number(text) <= max, `must be ${accepts}`)
    .transform(Number);
}

/** A value one of our parsers reads (they throw on a malformed entry): its message says what is accepted. */
function parsedBy<T>(parse: (text: string) => T, accepts: string) {
  return z.string().transform((text, context): T => {
    try {
      return parse(text);
    } catch (error) {
      const why = error instanceof Error ? `: ${error.message.replace(/^[A-Z_]+: /, '')}` : '';
      context.addIssue({ code: 'custom', message: `must be ${accepts}${why}` });
      return z.NEVER;
    }
  });
}

function urlOf(schemes: readonly string[]) {
  return z.string().refine(
    (text) => {
      try {
        return schemes.includes(new URL(text).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    `must be a URL starting ${schemes.map((s) => `${s}://`).join(' or ')}`,
  );
}

const ADDRESS_LIST = 'addresses, subnets (10.0.0.0/8) or the names loopback, linklocal, uniquelocal, comma-separated';

/** Each variable on its own (a command that needs only some picks them: `environmentVariables.pick`). */
export const environmentVariables = z.object({
  // ---- the process
  NODE_ENV: setting(z.string().optional()),
  PORT: setting(wholeNumber(0, 65535).default(2567)),
  HOST: setting(z.string().optional()),
  CLIENT_DIST: setting(z.string().optional()),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
  LOG_FORMAT: setting(z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional()),

  // ---- storage
  DATA_DIR: setting(z.string().default('data')),
  DATABASE_URL: setting(urlOf(['postgres', 'postgresql']).optional()),
  RECORD_TTL_DAYS: setting(wholeNumber(1).default(30)),

  // ---- several processes
  REDIS_URL: setting(urlOf(['redis', 'rediss']).optional()),
  PUBLIC_ADDRESS: setting(
    z
      .string()
      .regex(/^[^\s/:@]+(:\d{1,5})?(\/\S*)?$/, 'must be host:port, or host/path behind a proxy routing that path here (no scheme)')
      .optional(),
  ),

  // ---- tables
  BOT_DELAY_MS: setting(wholeNumber().default(600)),
  EMPTY_ROOM_TTL_MS: setting(wholeNumber().default(10 * 60 * 1000)),
  RETENTION_DAYS: setting(wholeNumber(1).default(30)),

  // ---- Web Push notifications of turns (server/src/push)
  PUSH_NOTIFICATIONS: setting(z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  PUSH_SUBJECT: setting(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL where push services can reach the operator')
      .default('mailto:admin@example.com'),
  ),
  PUSH_AWAY_SECONDS: setting(wholeNumber(0, 86_400).default(60)),

  // ---- the expert bots' threads (bots/BotPool.ts has each default and its reason)
  BOT_THREADS: setting(wholeNumber(1, 256).optional()),
  BOT_THINK_MS: setting(wholeNumber(1, 60_000).optional()),
  BOT_PROMPT_THINK_MS: setting(wholeNumber(1, 60_000).optional()),

  // ---- who is who
  TRUST_PROXY: setting(parsedBy(parseTrustProxy, `a hop count, or ${ADDRESS_LIST}`).default(0)),
  ALLOWED_ORIGINS: setting(parsedBy(parseAllowedOrigins, 'origins (scheme://host[:port]), comma-separated').default([])),
  INTERNAL_ADDRESSES: setting(parsedBy(parseInternalAddresses, ADDRESS_LIST).default([])),

  // ---- limits (server-limits.ts has each default and its reason)
  MAX_ROOMS: setting(wholeNumber(1).optional()),
  ROOMS_PER_ADDRESS: setting(wholeNumber().optional()),
  ROOM_CREATE_BURST: setting(wholeNumber().optional()),
  ROOM_CREATES_PER_MINUTE: setting(wholeNumber().optional()),
  LOOKUP_BURST: setting(wholeNumber().optional()),
  LOOKUPS_PER_MINUTE: setting(wholeNumber().optional()),
  MATCHMAKE_BURST: setting(wholeNumber().optional()),
  MATCHMAKES_PER_MINUTE: setting(wholeNumber().optional()),
  SOCKETS_PER_ADDRESS: setting(wholeNumber().optional()),
  CONNECTIONS_PER_ADDRESS: setting(wholeNumber().optional()),
  REFUSAL_DELAY_MS: setting(wholeNumber().optional()),
});

/** The server's whole environment, the variables checked together too. */
export const environmentSchema = environmentVariables.superRefine((env, context) => {
  if (env.REDIS_URL && !env.PUBLIC_ADDRESS) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_ADDRESS'],
      message: 'must be set with REDIS_URL: where browsers reach this very process (host:port, or host/path behind a proxy)',
    });
  }
});

export type Environment = z.output<typeof environmentSchema>;

/** The variables the schema reads, in its order. */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentVariables.shape) as (keyof Environment)[];

/** Values never repeated in a message: they may carry a password. */
const SECRET = new Set(['DATABASE_URL', 'REDIS_URL']);

/** The environment refused: one line per variable that is wrong, naming it and what it accepts. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The configuration is not valid (see docs/configuration.md):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Reads the environment through the schema (or a part of it: `environmentVariables.pick`); throws ConfigurationError. */
export function readEnvironment<S extends z.ZodType = typeof environmentSchema>(env: NodeJS.ProcessEnv, schema?: S): z.output<S> {
  const result = (schema ?? environmentSchema).safeParse(env);
  if (result.success) return result.data as z.output<S>;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const raw = env[name];
    const shown =
      raw === undefined || raw === '' ? '' : SECRET.has(name) ? ' (its value not shown)' : ` (it is "${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}")`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigurationError(problems);
}
