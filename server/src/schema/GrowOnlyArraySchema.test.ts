import { Decoder, Encoder, Reflection, Schema, type } from '@colyseus/schema';
import { seededRng } from '@samurai/shared';
import { GrowOnlyArraySchema } from './GrowOnlyArraySchema';

class Holder extends Schema {
  @type(['number']) log = new GrowOnlyArraySchema<number>();
}

test('a client decodes every push, set and clear exactly, patch after patch', () => {
  const state = new Holder();
  const encoder = new Encoder(state);
  const decoder = Reflection.decode(Reflection.encode(encoder)) as Decoder<Schema & { log: ArrayLike<number> }>;
  decoder.decode(encoder.encodeAll());
  const rng = seededRng(7);
  const expected: number[] = [];
  for (let patch = 0; patch < 300; patch++) {
    const action = rng.int(20);
    if (action === 0) {
      state.log.clear();
      expected.length = 0;
    } else if (action === 1 && expected.length > 0) {
      const i = rng.int(expected.length);
      state.log[i] = expected[i] = rng.int(1 << 30);
    } else {
      for (let k = 1 + rng.int(3); k > 0; k--) {
        const entry = rng.int(1 << 30);
        state.log.push(entry);
        expected.push(entry);
      }
    }
    decoder.decode(encoder.encode());
    encoder.discardChanges();
    expect(Array.from(decoder.state.log)).toEqual(expected);
  }
});
