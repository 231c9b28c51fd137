import type { AuthContext, Client, ClientPrivate, Room } from '@colyseus/core';

/*
 * Reach into @colyseus/core 0.16.26 (pinned exactly): Room._onJoin.
 *
 * Why: GuardedTransport replaces @colyseus/ws-transport's connection handler (to take the
 * client's address from the Gatekeeper, limit sockets per address and close a socket that never
 * confirms its join), so it seats a socket's client the way that handler does: through the room's
 * `_onJoin` (public in the typings as `['_onJoin']`, yet the library's own step, not an API).
 * room-join.test.ts fails if an upgrade renames it or changes its arguments' count.
 */

/** Seats a connected client in the room it reserved a seat in (its onAuth, onJoin and the join frame). */
export function joinRoom(room: Room, client: Client, auth: AuthContext): Promise<void> {
  return room._onJoin(client as Client & ClientPrivate, auth);
}
