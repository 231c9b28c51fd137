import { timingSafeEqual } from 'node:crypto';
import type { TableStage, TableSummary } from '@samurai/shared';
import { hashSeatToken } from './Seating';
import type { Seating } from './Seating';

/** A table's summary as the server keeps it: what its players' lists show, and its seats' token hashes to check who asks. */
export interface KeptSummary extends Omit<TableSummary, 'code' | 'yourSeat'> {
  /** Per seat, the SHA-256 of its token (null: a bot, or an open seat). */
  readonly tokenHashes: readonly (string | null)[];
}

/** What a table is now, as its players' lists show it. */
export function keptSummary(game: string, phase: string, seating: Seating, toAct: readonly number[], lastMoveAt: number, gameNumber: number): KeptSummary {
  const stage: TableStage = phase === 'lobby' ? 'lobby' : phase === 'over' ? 'over' : 'playing';
  return {
    game,
    stage,
    players: seating.seats.map((m) => m && { name: m.name, colour: m.colour, bot: m.bot !== null }),
    toAct: stage === 'playing' ? toAct.slice() : [],
    lastMoveAt,
    gameNumber,
    tokenHashes: seating.seats.map((m) => m?.tokenHash ?? null),
  };
}

/** The summary for the holder of `token`, or null when it is none of the table's seats' (compared in constant time, as a reclaim is). */
export function summaryForToken(code: string, kept: KeptSummary, token: string): TableSummary | null {
  const given = Buffer.from(hashSeatToken(token));
  const seat = kept.tokenHashes.findIndex((hash) => hash !== null && hash.length === given.length && timingSafeEqual(Buffer.from(hash), given));
  if (seat < 0) return null;
  return {
    code,
    game: kept.game,
    stage: kept.stage,
    players: kept.players,
    toAct: kept.toAct,
    lastMoveAt: kept.lastMoveAt,
    gameNumber: kept.gameNumber,
    yourSeat: seat,
  };
}

/** A kept summary read back from the store (its JSON text); null when it is not one. */
export function parseKeptSummary(text: string | null): KeptSummary | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<KeptSummary>;
    return Array.isArray(parsed.tokenHashes) && Array.isArray(parsed.players) ? (parsed as KeptSummary) : null;
  } catch {
    return null;
  }
}
