import { JOIN_REFUSED, parseJoinError, RoomError } from '@samurai/shared';
import { language, t } from '../i18n/i18n';
import { roomErrorText } from '../i18n/room-errors';

/** Why a create or join failed, in words, and what the client should do about it. */
export interface JoinFailure {
  readonly message: string;
  /** Our error code (room/…), when the server gave one. */
  readonly code: string;
  /** A passing problem (the network, the server restarting): trying again may work. */
  readonly retry: boolean;
  /** The stored seat token is no good any more. */
  readonly forgetSeat: boolean;
  /**
   * No live room has this code now. For a new join that is the end of it; a page holding a seat
   * there keeps its token and keeps trying (the room may be briefly unreachable), unless the
   * game it last saw was over (Connection.roomMissing).
   */
  readonly missing: boolean;
  /** The room exists and could be watched instead. */
  readonly canWatch: boolean;
}

/** Colyseus's own matchmaking codes. */
const ROOM_NOT_FOUND = 4212;
const SEAT_EXPIRED = 4214;

/**
 * Refusals that pass by themselves (a restart, a cool-down, a rate limit, a room waiting for its
 * storage): a page getting back into its seat keeps trying through them.
 */
const PASSING: readonly string[] = [RoomError.Restarting, RoomError.CoolingDown, RoomError.TooMany, RoomError.TooManyAttempts, RoomError.StorageWaiting];

/** Refusals whose own text says more than the generic message (how long to wait, why). */
const SPECIFIC: readonly string[] = [RoomError.TooMany, RoomError.TooManyAttempts, RoomError.CoolingDown, RoomError.Malformed];

export function describeJoinError(error: unknown): JoinFailure {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'number' ? e.code : undefined;
  const text = typeof e.message === 'string' ? e.message : '';
  // Ours arrive as a refused join (JOIN_REFUSED) or as an HTTP refusal (429 too many, 413 too large).
  const parsed = code !== undefined ? parseJoinError(text) : null;
  if (parsed) {
    const known = roomErrorText(parsed.code);
    return {
      message: SPECIFIC.includes(parsed.code) ? specific(known, parsed.text) : (known ?? parsed.text),
      code: parsed.code,
      // The seat is still ours: keep trying.
      retry: PASSING.includes(parsed.code),
      forgetSeat: parsed.code === RoomError.SeatToken,
      missing: false,
      canWatch:
        parsed.code === RoomError.GameStarted || parsed.code === RoomError.Full || parsed.code === RoomError.SeatToken || parsed.code === RoomError.Removed,
    };
  }
  if (code === JOIN_REFUSED) {
    return failure(text || t('table.join.refused'), { retry: false });
  }
  if (code === ROOM_NOT_FOUND) {
    // Not proof that the room is gone for good: one that could not write closes until it is
    // restored. The seat token is kept (see `missing`).
    return failure(t('table.join.noRoom'), { retry: false, missing: true });
  }
  if (code === SEAT_EXPIRED) {
    return failure(t('table.join.seatTimeout'), { retry: true });
  }
  if (code !== undefined && code >= 4000) {
    return failure(text || t('table.join.refusedCode', { code }), { retry: false });
  }
  // No code: the request never reached a room (offline, server down or restarting).
  return failure(t('table.join.offline'), { retry: true });
}

/** A failure without one of our codes: nothing to forget, nothing to watch. */
function failure(message: string, how: { retry: boolean; missing?: boolean }): JoinFailure {
  return { message, code: '', retry: how.retry, forgetSeat: false, missing: how.missing ?? false, canWatch: false };
}

/**
 * A refusal whose detail says more (how long to wait, why): in English the server's own words;
 * in another language the code's message, then those words as they came.
 */
function specific(known: string | null, detail: string): string {
  return language() === 'en' || !known ? detail : `${known} ${detail}`;
}
