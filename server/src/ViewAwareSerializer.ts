import { Client, ClientState, Protocol, SchemaSerializer } from '@colyseus/core';
import { Encoder, Schema, StateView } from '@colyseus/schema';
import './schema/string-encoding-fix';

/*
 * Each room's encoder keeps two buffers of this size outside the heap (patches; the full state
 * for joins). The largest full state, a 4-player game at its end seen through a player's view,
 * is about 1.6 KB; Colyseus's default is 8 KB. (A larger state would still be encoded: the
 * encoder grows the buffer, with a warning.)
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
   * A joining client's full state. Colyseus 0.16 encodes it into a buffer of BUFFER_SIZE; a state
   * that outgrows it (a room with a long chat) has its shared part encoded again into a larger
   * buffer of the encoder's own, with a warning, but the client's view is then written into the
   * old buffer, past its end, and that client decodes garbage. So when less than VIEW_ROOM is
   * left after the shared part, the buffer grows to twice that part and the state is encoded
   * again. A room keeps the larger buffer (outside the heap) while its state is that large.
   */
  override getFullState(client?: Client): Buffer {
    const full = super.getFullState(client);
    const shared = this.sharedOffsetCache.offset;
    if (this.fullEncodeBuffer.byteLength - shared >= VIEW_ROOM) return full;
    this.fullEncodeBuffer = Buffer.allocUnsafe(2 * shared + VIEW_ROOM);
    this.fullEncodeBuffer[0] = Protocol.ROOM_STATE;
    this.needFullEncode = true;
    return super.getFullState(client);
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
