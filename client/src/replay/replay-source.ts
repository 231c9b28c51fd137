/**
 * Where a replay's record comes from: a finished game of a room (a shared link
 * `/replay/CODE/N`, which the server turns into `/?replay=CODE&game=N`), or a record file.
 */
import { normaliseRoomCode, parseJoinError } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { describeJoinError } from '../table/join-errors';
import type { ReplaySeat } from './game-replay';

export type ReplaySource =
  { readonly kind: 'room'; readonly code: string; readonly game: number } | { readonly kind: 'file'; readonly name: string; readonly text: string };

/** The room's game a page address asks to replay (`?replay=CODE&game=N`), or null. */
export function replaySourceOf(search: string): Extract<ReplaySource, { kind: 'room' }> | null {
  const params = new URLSearchParams(search);
  const code = normaliseRoomCode(params.get('replay') ?? '');
  const game = Number(params.get('game') ?? '');
  return code && Number.isInteger(game) && game > 0 ? { kind: 'room', code, game } : null;
}

/** The page address that opens a room's game in the viewer (where this page is served). */
export function replayPageUrl(pageUrl: string, code: string, game: number): string {
  const url = new URL(pageUrl);
  url.search = new URLSearchParams({ replay: code, game: String(game) }).toString();
  url.hash = '';
  return url.href;
}

/** The link to share: the game server's `/replay/CODE/N`. */
export function shareLink(endpoint: string, code: string, game: number): string {
  return `${endpoint.replace(/\/+$/, '')}/replay/${code}/${game}`;
}

export function recordApiUrl(endpoint: string, code: string, game: number): string {
  return `${endpoint.replace(/\/+$/, '')}/api/rooms/${code}/record?game=${game}`;
}

/** A record file's text as JSON; when it is not JSON at all, the parser's own words on why (the browser's, as they come). */
export function parseRecordText(text: string): { ok: true; json: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, detail: (e as Error).message };
  }
}

/** A file that is not JSON, in the interface's language (the parser's detail as it came). */
export function notJsonText(detail: string): string {
  return t('replay.errors.notJson', { detail });
}

/**
 * Why the server gave no record, in the interface's language: no finished game of that code
 * (404), a refusal of the table's (too many look-ups, a restart) worded as a join's, else the
 * server's own words or its HTTP status.
 */
export function recordRefusalText(status: number, body: unknown): string {
  if (status === 404) return t('replay.errors.notFound');
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string') return t('replay.errors.server', { status });
  return parseJoinError(error) ? describeJoinError({ code: status, message: error }).message : error;
}

/** A record of a format no game here reads (or of none), in the interface's language. */
export function unknownFormatText(format: string | null): string {
  return format ? t('replay.errors.unknownFormat', { format }) : t('replay.errors.noFormat');
}

/** The game a record is of, by its `format` (each game reads its own). */
export function recordFormatOf(json: unknown): string | null {
  return json !== null && typeof json === 'object' && typeof (json as { format?: unknown }).format === 'string' ? (json as { format: string }).format : null;
}

/**
 * Who sat where in game `game`, from the room's history (`GET /api/rooms/CODE/games`); null
 * when the server does not say (no store, or an unexpected answer): seats are then numbered.
 */
export function seatsFromHistory(body: unknown, game: number): (ReplaySeat | null)[] | null {
  const games = (body as { games?: unknown } | null)?.games;
  if (!Array.isArray(games)) return null;
  const entry = games.find((g) => (g as { game?: unknown }).game === game) as { seats?: unknown } | undefined;
  return entry ? seatList(entry.seats) : null;
}

/** Who sat where, as a record file says it (one downloaded from a table's end names its players); null when it does not. */
export function seatsFromRecord(json: unknown): (ReplaySeat | null)[] | null {
  return json !== null && typeof json === 'object' ? seatList((json as { seats?: unknown }).seats) : null;
}

/** Each seat's name, colour and bot where given as such; null for a list that is not one. */
function seatList(seats: unknown): (ReplaySeat | null)[] | null {
  if (!Array.isArray(seats)) return null;
  return seats.map((s) => {
    const seat = s as { name?: unknown; colour?: unknown; bot?: unknown } | null;
    if (!seat || typeof seat.name !== 'string' || typeof seat.colour !== 'string') return null;
    return { name: seat.name, colour: seat.colour, bot: typeof seat.bot === 'string' ? seat.bot : null };
  });
}
