import { Encoder, Reflection, Schema, type } from '@colyseus/schema';
import './string-encoding-fix';
import { StackArraySchema } from './StackArraySchema';

class Probe extends Schema {
  @type('string') text = '';
  @type(['string']) list = new StackArraySchema<string>();
  @type('string') after = 'canary';
}

test('strings of every length up to 300 UTF-8 bytes, 255 included, reach a decoder as they were sent', () => {
  const state = new Probe();
  const encoder = new Encoder(state);
  const decoder = Reflection.decode(Reflection.encode(encoder));
  decoder.decode(encoder.encodeAll());
  const decoded = decoder.state as Probe;
  for (let length = 250; length <= 300; length++) {
    for (const text of ['x'.repeat(length), 'é'.repeat(Math.floor(length / 2)) + (length % 2 ? 'x' : '')]) {
      state.text = text;
      state.list.push(text, 'next');
      state.after = `canary ${length}`;
      decoder.decode(encoder.encode());
      encoder.discardChanges();
      expect({ length, text: decoded.text === text, item: decoded.list.at(-2) === text, next: decoded.list.at(-1), after: decoded.after }).toEqual({
        length,
        text: true,
        item: true,
        next: 'next',
        after: `canary ${length}`,
      });
    }
  }
});
