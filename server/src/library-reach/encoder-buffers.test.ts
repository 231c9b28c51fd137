import { ArraySchema, encode, Encoder, Reflection, Schema, type } from '@colyseus/schema';
import { log } from '../log';
import { libraryEncode } from './encoder-buffers';

class Probe extends Schema {
  @type(['string']) lines = new ArraySchema<string>();
  @type('string') after = 'canary';
}

/** A patch of about `kb` KB: that many lines of a kilobyte. */
function bigPatch(state: Probe, kb: number, tag: string): void {
  for (let i = 0; i < kb; i++) state.lines.push(`${tag} ${i} ${'x'.repeat(1000)}`);
  state.after = tag;
}

const SIZE = Encoder.BUFFER_SIZE;
afterEach(() => {
  Encoder.BUFFER_SIZE = SIZE;
  jest.restoreAllMocks();
});

test('the library as this wrapper knows it: an overflowing patch is warned about on the console, encoded again, and the larger buffer not kept', () => {
  // Unwrapped, on an encoder of its own: if an upgrade changes any of this, encoder-buffers.ts is to be looked at again (or dropped).
  Encoder.BUFFER_SIZE = 4 * 1024;
  const state = new Probe();
  const encoder = new Encoder(state);
  encoder.encode = libraryEncode;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const before = encoder.sharedBuffer;
  bigPatch(state, 10, 'one');
  const encoded = encoder.encode();
  expect(encoded.byteLength).toBeGreaterThan(10 * 1000);
  expect(encoded.buffer).not.toBe(before.buffer);
  expect(encoder.sharedBuffer).toBe(before);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0][0])).toMatch(/^@colyseus\/schema buffer overflow/);
  expect(String(warn.mock.calls[0][0]).split('\n').length).toBeGreaterThanOrEqual(5);
});

test("wrapped: an overflow is one line of the server's log, nothing on the console; the encoder keeps the larger buffer, so the next such patch is encoded once; every patch decodes", () => {
  Encoder.BUFFER_SIZE = 4 * 1024;
  const state = new Probe();
  const encoder = new Encoder(state);
  const decoder = Reflection.decode(Reflection.encode(encoder));
  decoder.decode(encoder.encodeAll());
  encoder.discardChanges();
  const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const logWarn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  const encodes = jest.spyOn(encoder, 'encode');

  bigPatch(state, 10, 'one');
  decoder.decode(encoder.encode());
  encoder.discardChanges();
  expect(encodes).toHaveBeenCalledTimes(2); // the library's retry
  expect(consoleWarn).not.toHaveBeenCalled();
  expect(logWarn).toHaveBeenCalledTimes(1);
  expect(String(logWarn.mock.calls[0][0])).toMatch(
    /^@colyseus\/schema: a patch of \d+ bytes outgrew its 4096-byte buffer and was encoded again; the room keeps the larger buffer$/,
  );
  expect(encoder.sharedBuffer.byteLength).toBeGreaterThan(10 * 1000);

  encodes.mockClear();
  bigPatch(state, 10, 'two');
  decoder.decode(encoder.encode());
  encoder.discardChanges();
  expect(encodes).toHaveBeenCalledTimes(1);
  expect(logWarn).toHaveBeenCalledTimes(1);
  const decoded = decoder.state as Probe;
  expect(decoded.lines.length).toBe(20);
  expect(decoded.lines.at(-1)).toBe(state.lines.at(-1));
  expect(decoded.after).toBe('two');
});

test("the library's other warnings, made while encoding, go to the server's log too, in one line", () => {
  const state = new Probe();
  const encoder = new Encoder(state);
  const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const logWarn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  // A warning from inside encode (as the library's "Class … is not registered" is): here, from its string encoder.
  const encodeString = encode.string;
  jest.spyOn(encode, 'string').mockImplementation((...args: Parameters<typeof encode.string>) => {
    console.warn('@colyseus/schema WARNING: Class "X" is not registered\n  on TypeRegistry');
    return encodeString(...args);
  });
  state.after = 'changed';
  encoder.encode();
  expect(consoleWarn).not.toHaveBeenCalled();
  expect(logWarn).toHaveBeenCalledWith('@colyseus/schema WARNING: Class "X" is not registered on TypeRegistry');
  // Outside an encode, console.warn is the console's again.
  console.warn('after');
  expect(consoleWarn).toHaveBeenCalledWith('after');
});
