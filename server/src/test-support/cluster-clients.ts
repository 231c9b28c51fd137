import { parseJoinError, RoomError } from '@samurai/shared';

/** Every client of a test comes from 127.0.0.1: the per-address limits, meant for a household, are lifted. */
export const GENEROUS_LIMITS_ENV: Readonly<Record<string, string>> = {
  ROOMS_PER_ADDRESS: '100000',
  ROOM_CREATE_BURST: '100000',
  ROOM_CREATES_PER_MINUTE: '1000000',
  LOOKUP_BURST: '100000',
  LOOKUPS_PER_MINUTE: '1000000',
  SOCKETS_PER_ADDRESS: '100000',
  MAX_ROOMS: '100000',
  MATCHMAKE_BURST: '100000',
  MATCHMAKES_PER_MINUTE: '1000000',
};

/** Whether a browser retries through this failed create or join: "restarting", or a socket that went away. */
export function passingJoinError(error: unknown): boolean {
  const message = (error as Error | undefined)?.message ?? '';
  return parseJoinError(message)?.code === RoomError.Restarting || /ECONNREFUSED|socket hang up|fetch failed|WebSocket|1006/.test(message) || message === '';
}

/** Tries `attempt` (a create or a join) through passing refusals until it succeeds, for at most `timeoutMs`. */
export async function throughPassing<T>(attempt: () => Promise<T>, timeoutMs: number, retryMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!passingJoinError(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
