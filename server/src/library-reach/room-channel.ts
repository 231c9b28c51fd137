import type { Room } from '@colyseus/core';

/*
 * Reach into @colyseus/core 0.16.26 (pinned exactly): the name of a room's presence channel.
 *
 * Why: calls for a room from other processes (seat reservations, remoteRoomCall) go to its
 * presence channel, which MatchMaker names `$<roomId>` (getRoomChannel, not exported) and drops
 * only once the room is disposed. A copy of a room another process has taken over must stop
 * answering them at once, so that only the live room does. room-channel.test.ts fails if an
 * upgrade names the channel otherwise.
 */

/** The presence channel other processes' calls for this room arrive on. */
export function roomChannel(roomId: string): string {
  return `$${roomId}`;
}

/** The room stops answering calls from other processes (it stays up for its own clients until it closes). */
export function stopAnsweringRoomCalls(room: Room): Promise<unknown> {
  return Promise.resolve(room.presence.unsubscribe(roomChannel(room.roomId)));
}
