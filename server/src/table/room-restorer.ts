import { matchMaker } from '@colyseus/core';
import type { GameStore, Lease, StoredRoom, Unloaded } from '../store/game-store';
import { log } from '../log';
import type { GameModule } from './game-module';
import { replayRoom } from './replay-room';
import { pendingRestores } from './rooms-in-transit';

export type RestoreOutcome = 'restored' | 'quarantined';

/**
 * Brings one stored room back in this process under its own code (with the lease it was claimed
 * with; `unloaded` when it comes back after being unloaded). A room whose log does not replay is
 * quarantined with one log line: it is replayed before its room is made, so Colyseus never sees the failure.
 */
export async function restoreRoom(
  store: GameStore,
  games: readonly GameModule[],
  stored: StoredRoom,
  lease: Lease | null,
  unloaded: Unloaded | null = null,
): Promise<RestoreOutcome> {
  let replayed;
  try {
    const game = games.find((g) => g.name === stored.gameType);
    if (!game) throw new Error(`no game called "${stored.gameType}"`);
    replayed = replayRoom(stored, game, Date.now(), lease, unloaded);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`room ${stored.code}: its log does not replay (${reason}); quarantined, the other rooms go on`);
    await store.quarantine(stored.code, reason.slice(0, 500));
    return 'quarantined';
  }
  pendingRestores.set(stored.code, replayed);
  try {
    // Made here: the cluster's choice of process for new rooms is always this one (start-server).
    await matchMaker.createRoom(stored.gameType, { restore: stored.code });
  } finally {
    pendingRestores.delete(stored.code);
  }
  return 'restored';
}

/**
 * At start, with a store no other process writes: every live room that was loaded comes back here
 * (an unloaded table waits to be asked for, or for its wake time: TableWaker), each claimed
 * with a new lease first (`newLease`) so that a write of an earlier run of this process could
 * never be taken for one of this run.
 */
export async function restoreAllRooms(store: GameStore, games: readonly GameModule[], newLease: () => Lease): Promise<{ rooms: number; quarantined: number }> {
  let rooms = 0;
  let quarantined = 0;
  const claimed = (await store.liveRooms()).map((stored) => ({ stored, code: stored.code, lease: newLease() }));
  await store.claimRooms(claimed);
  for (const { stored, lease } of claimed) {
    if ((await restoreRoom(store, games, stored, lease)) === 'restored') rooms++;
    else quarantined++;
  }
  return { rooms, quarantined };
}
