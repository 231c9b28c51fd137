import { $changes, Decoder, Encoder, Reflection, Schema, type, view } from '@colyseus/schema';
import fc from 'fast-check';
import { StackArraySchema } from './StackArraySchema';

/** A log beside a field only some clients see, as in the room state (the encoder then tracks views). */
class Holder extends Schema {
  @type(['number']) log = new StackArraySchema<number>();
  @view() @type('uint32') secret = 0;
}

type Op = { op: 'push'; value: number } | { op: 'pop' } | { op: 'set'; at: number; value: number } | { op: 'clear' };

const entry = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('push' as const), value: entry }) },
  { weight: 3, arbitrary: fc.constant({ op: 'pop' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: entry }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
);

type LogDecoder = Decoder<Schema & { log: ArrayLike<number> }>;

/** A client of the encoder's room, joining now: it decodes the full state. */
function join(encoder: Encoder, handshake = Reflection.encode(encoder)): LogDecoder {
  const decoder = Reflection.decode(handshake) as LogDecoder;
  decoder.decode(encoder.encodeAll());
  return decoder;
}

/** Applies one operation to the schema log and to a plain array, the model. */
function apply(state: Holder, model: number[], o: Op): void {
  if (o.op === 'push') {
    state.log.push(o.value);
    model.push(o.value);
  } else if (o.op === 'pop') {
    expect(state.log.pop()).toBe(model.pop());
  } else if (o.op === 'set') {
    if (model.length === 0) return;
    const at = o.at % model.length;
    state.log[at] = model[at] = o.value;
  } else {
    state.log.clear();
    model.length = 0;
  }
}

describe('the log as a stack', () => {
  it('reaches a client exactly, patch after patch, and a late joiner too, whatever the pushes, pops, sets and clears', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { maxLength: 25 }), (patches) => {
        const state = new Holder();
        const encoder = new Encoder(state);
        const handshake = Reflection.encode(encoder);
        const client = join(encoder, handshake);
        const model: number[] = [];
        for (const patch of patches) {
          for (const o of patch) apply(state, model, o);
          client.decode(encoder.encode());
          encoder.discardChanges();
          expect(Array.from(client.state.log)).toEqual(model);
          expect(Array.from(state.log)).toEqual(model);
          expect(Array.from(join(encoder, handshake).state.log)).toEqual(model);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps nothing of a take-back loop: a play pushed and popped leaves the state as it was', () => {
    const state = new Holder();
    const encoder = new Encoder(state);
    const client = join(encoder);
    for (let i = 0; i < 10; i++) state.log.push(i);
    client.decode(encoder.encode());
    encoder.discardChanges();
    const fullState = encoder.encodeAll().byteLength;
    for (let loop = 0; loop < 1000; loop++) {
      state.log.push(1000 + loop);
      if (loop % 2) {
        client.decode(encoder.encode());
        encoder.discardChanges();
      }
      state.log.pop();
      client.decode(encoder.encode());
      encoder.discardChanges();
    }
    expect(Array.from(client.state.log)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(encoder.encodeAll().byteLength).toBe(fullState);
    // What a late joiner's state is encoded from: one operation per entry, no holes left behind.
    expect(state.log[$changes].allChanges.operations).toHaveLength(10);
  });
});
