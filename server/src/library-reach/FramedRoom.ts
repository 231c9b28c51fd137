import { Client, ClientPrivate, ClientState, Room } from '@colyseus/core';

/*
 * Reach into @colyseus/core 0.16.26 (pinned exactly in server/package.json): Room._onMessage.
 *
 * Why: Colyseus hands every frame a client sends to the room's protected `_onMessage`
 * (Room._onJoin binds it to the socket's 'message' event); there is no public hook before it
 * decodes (msgpack, any size, any type). The table must count every frame against the sender's
 * rate limit, refuse oversized frames before decoding them, and decode safely; so the room takes
 * `_onMessage` over here and gets each frame as `onFrame`.
 *
 * It also confirms a joining client's acknowledgement (Protocol.JOIN_ROOM) as the library does,
 * through its private `_joinedAt` and `_enqueuedMessages`, but for one line: the queue of
 * messages held for the client is emptied, not deleted (deleting a property moves V8's object to
 * a slow dictionary layout, some 600 bytes more for every connection for as long as it lasts).
 *
 * FramedRoom.test.ts fails if an upgrade stops calling `_onMessage` for frames, renames the
 * queue or the join time, or changes what the library does on a join acknowledgement.
 */

/** A client as the library holds it (its private queue and join time included). */
export type LibraryClient = Client & ClientPrivate;

export abstract class FramedRoom<State extends object> extends Room<State> {
  /** Every frame from a joined or joining client, before the library sees it. */
  protected abstract onFrame(client: LibraryClient, buffer: Buffer): void;

  protected override _onMessage(client: LibraryClient, buffer: Buffer): void {
    this.onFrame(client, buffer);
  }

  /** The library's own handling of a frame (a leave request). */
  protected libraryFrame(client: LibraryClient, buffer: Buffer): void {
    super._onMessage(client, buffer);
  }

  /** A joining client's acknowledgement: it gets the full state, then what was held back for it. */
  protected confirmJoin(client: LibraryClient): void {
    client.state = ClientState.JOINED;
    client._joinedAt = this.clock.elapsedTime;
    this.sendFullState(client);
    // Colyseus types the queue any[]; it holds the frames sent while the client joined.
    for (const message of (client._enqueuedMessages ?? []) as Uint8Array[]) client.raw(message);
    client._enqueuedMessages = undefined;
  }
}
