import { Client, ClientState, Protocol, SchemaSerializer } from '@colyseus/core';
import { Encoder, Schema, StateView } from '@colyseus/schema';
import './encoder-buffers';
import './string-encoding-fix';

/*
 * Each room's encoder keeps two buffers of this size outside the heap (patches; the full state
 * for joins). A move's patch is tens of bytes, a game's start about 2 KB, a chat line under 1 KB
 * (a few at once at most: the chat's limits); the largest full state without chat, a 4-player
 * game at its end seen through a player's view, about 1.6 KB; Colyseus's default is 8 KB. A
 * larger patch (a burst of long chat lines) is encoded again into a larger buffer, which the room
 * keeps from then on (encoder-buffers.ts), so it is encoded twice once, not every time.
 */
Encoder.BUFFER_SIZE = 4 * 1024;

/** Room a full state keeps for a client's view after the shared part (a seat's secrets take some 100 bytes). */
const VIEW_ROOM = 1024;

/**
 * Colyseus's schema serializer without the per-client work nobody needs. After a move most
 * players' StateViews see nothing of their own in the patch (only the mover's hand changed), yet
 * the stock serializer encodes a view for each and copies the shared bytes into a new buffer for
 * it. Here such a client gets the shared patch itself; a client whose view has pending changes,
 * or sees a filtered structure that changed, gets its view encoded exactly as before. A patch
 * with nothing shared in it goes to nobody else at all (the stock serializer sends everyone an
 * empty frame, which tells them the moment someone's secret changed).
 *
 * The shared patch is copied out of the encoder's buffer once per patch: a socket that cannot
 * take a write at once keeps a reference to the bytes, which the next patch would overwrite.
 */
export class ViewAwareSerializer<T extends Schema> extends SchemaSerializer<T> {
  override applyPatches(clients: Client[]): boolean {
    const encoder = this.encoder;
    if (!this.hasFilters || clients.length === 0 || !encoder.hasChanges) return super.applyPatches(clients);
    this.needFullEncode = true;
    const it = { offset: 1 };
    encoder.sharedBuffer[0] = Protocol.ROOM_STATE_PATCH;
    const encoded = encoder.encode(it);
    const sharedOffset = it.offset;
    // A view is encoded after the shared part in the same buffer, and Colyseus 0.16 cannot grow
    // the buffer then (the view would be cut off): room for it is made first.
    if (encoder.sharedBuffer.byteLength - sharedOffset < VIEW_ROOM) encoder.sharedBuffer = grownBuffer(encoder.sharedBuffer, sharedOffset);
    // Only secrets changed (a prompt answered, say): an empty frame to everyone else would tell them when.
    const nothingShared = sharedOffset === 1;
    let shared: Buffer | null = null;
    // Newest client first, as the stock serializer sends.
    for (let i = clients.length - 1; i >= 0; i--) {
      const client = clients[i];
      if (client.state !== ClientState.JOINED) continue;
      const view = client.view;
      if (view && this.hasOwnChanges(view)) client.raw(encoder.encodeView(view, sharedOffset, it));
      else if (!nothingShared) client.raw((shared ??= Buffer.from(encoded)));
    }
    encoder.discardChanges();
    return true;
  }

  /**
   * A joining client's full state, encoded as Colyseus 0.16's serializer does but for what a
   * state larger than the buffer needs: there the library encodes the shared part again into a
   * larger buffer of its own, then writes the client's view into the old buffer, past its end,
   * and that client decodes garbage. Here the shared part, once encoded (into the larger buffer,
   * if it had to be), is copied into a buffer with room for a view after it (twice its size, and
   * VIEW_ROOM), which the room keeps while its state is that large; nothing is encoded a third time.
   */
  override getFullState(client?: Client): Buffer {
    if (this.needFullEncode || this.encoder.root.changes.next !== undefined) {
      this.sharedOffsetCache = { offset: 1 };
      let shared = this.encoder.encodeAll(this.sharedOffsetCache, this.fullEncodeBuffer);
      const used = this.sharedOffsetCache.offset;
      if (shared.buffer !== this.fullEncodeBuffer.buffer || this.fullEncodeBuffer.byteLength - used < VIEW_ROOM) {
        this.fullEncodeBuffer = grownBuffer(shared, used);
        shared = this.fullEncodeBuffer.subarray(0, used);
      }
      this.fullEncodeCache = shared;
      this.needFullEncode = false;
    }
    if (this.hasFilters && client?.view) {
      return this.encoder.encodeAllView(client.view, this.sharedOffsetCache.offset, { ...this.sharedOffsetCache }, this.fullEncodeBuffer);
    }
    return this.fullEncodeCache;
  }

  /** The handshake is encoded into an 8 KB buffer of its own: keep a copy of its few hundred bytes instead. */
  override handshake(): Buffer {
    if (!this.handshakeCache) this.handshakeCache = Buffer.from(super.handshake());
    return this.handshakeCache;
  }

  /** Whether the patch holds anything for this view alone: its own pending changes, or a filtered structure it sees. */
  private hasOwnChanges(view: StateView): boolean {
    if (view.changes.size > 0) return true;
    for (let node = this.encoder.root.filteredChanges.next; node; node = node.next) {
      const tree = node.changeTree;
      if (tree.filteredChanges.operations.length > 0 && view.isChangeTreeVisible(tree)) return true;
    }
    return false;
  }
}

/** A larger copy of `buffer` (twice what is used of it, and room for a view), its first `used` bytes kept. */
function grownBuffer(buffer: Buffer, used: number, size = 2 * used + VIEW_ROOM): Buffer {
  const grown = Buffer.allocUnsafe(size);
  buffer.copy(grown, 0, 0, used);
  return grown;
}
