import { Client, ClientState, SchemaSerializer } from '@colyseus/core';
import { Decoder, Encoder, Reflection, Schema, StateView, type, view } from '@colyseus/schema';
import { ViewAwareSerializer } from './ViewAwareSerializer';

/** A shared field and a secret only one client sees, as in the room state. */
class Secret extends Schema {
  @type('uint32') value = 0;
}
class Table extends Schema {
  @type('string') name = '';
  @view() @type(Secret) secret = new Secret();
}

/** What of SchemaSerializer's own state the serializer reads and writes (protected in its typings). */
interface SerializerInternals {
  encoder: Encoder;
  hasFilters: boolean;
  needFullEncode: boolean;
  sharedOffsetCache: { offset: number };
  fullEncodeBuffer: Buffer;
  fullEncodeCache: Buffer;
  handshakeCache: Buffer;
}

/** A joined client with a view, as Colyseus holds it; its frames are kept. */
function fakeClient(withView: boolean): Client & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return {
    state: ClientState.JOINED,
    view: withView ? new StateView() : undefined,
    frames,
    raw: (data: Buffer) => frames.push(Buffer.from(data)),
  } as unknown as Client & {
    frames: Buffer[];
  };
}

test('SchemaSerializer still has the fields the serializer relies on, and the encoder its buffer size and change lists', () => {
  const stock = new SchemaSerializer<Table>() as unknown as SerializerInternals & SchemaSerializer<Table>;
  stock.reset(new Table());
  for (const field of ['encoder', 'hasFilters', 'needFullEncode', 'sharedOffsetCache', 'fullEncodeBuffer'] as const) expect(stock).toHaveProperty(field);
  expect(stock.hasFilters).toBe(true);
  // ViewAwareSerializer's module sets the size every room's encoder buffers are made with.
  expect(Encoder.BUFFER_SIZE).toBe(4 * 1024);
  expect(stock.encoder.sharedBuffer.byteLength).toBe(4 * 1024);
  expect(stock.encoder.root).toHaveProperty('changes');
  expect(stock.encoder.root).toHaveProperty('filteredChanges');
  for (const method of ['encode', 'encodeAll', 'encodeView', 'encodeAllView', 'discardChanges'] as const) expect(typeof stock.encoder[method]).toBe('function');
});

test("a client's full state and patches carry its view's secret, and another's do not", () => {
  const state = new Table();
  const serializer = new ViewAwareSerializer<Table>();
  serializer.reset(state);
  const handshake = serializer.handshake();
  const seer = fakeClient(true);
  const other = fakeClient(true);
  seer.view!.add(state.secret);
  state.name = 'T';
  state.secret.value = 7;
  const decoderOf = (client: Client) => {
    const decoder = Reflection.decode(handshake.subarray(0)) as Decoder<Table>;
    decoder.decode(serializer.getFullState(client).subarray(1));
    return decoder;
  };
  const seen = decoderOf(seer);
  const unseen = decoderOf(other);
  expect(seen.state.name).toBe('T');
  expect(seen.state.secret?.value).toBe(7);
  expect(unseen.state.secret).toBeUndefined();
  state.secret.value = 8;
  state.name = 'U';
  serializer.applyPatches([seer, other]);
  for (const frame of seer.frames) seen.decode(frame.subarray(1));
  for (const frame of other.frames) unseen.decode(frame.subarray(1));
  expect(seen.state.secret?.value).toBe(8);
  expect(unseen.state.name).toBe('U');
  expect(unseen.state.secret).toBeUndefined();
});
