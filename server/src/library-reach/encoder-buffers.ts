import { Encoder } from '@colyseus/schema';
import { log } from '../log';

/*
 * @colyseus/schema 3.0.76 (Encoder.encode): a patch or a full state that outgrows the buffer it is
 * encoded into is first written past the buffer's end (Buffer drops those writes), then the
 * library prints a 5-line console.warn, allocates a larger buffer and encodes it all again. It
 * means to keep the larger buffer as the encoder's shared one (`if (buffer === this.sharedBuffer)
 * this.sharedBuffer = buffer`), but compares after `buffer` has been reassigned, so it never does:
 * every later patch that size is encoded twice, and warned about again, outside the server's
 * rate-limited log (a chat flood printed thousands of such warnings).
 *
 * Loaded once by the serializer, this wraps Encoder.prototype.encode (the library calls its
 * encode through `this`, its own retry included): the library's warnings go to log.ts, the
 * overflow as one line, and an encoder whose shared buffer overflowed keeps the larger buffer,
 * so a room encodes a patch that size once from then on. encoder-buffers.test.ts checks the
 * library still behaves as described (`libraryEncode`, unwrapped): an upgrade that fixes it, or
 * changes how, fails there, and this file can go.
 */

/** The library's own encode, unwrapped (for encoder-buffers.test.ts). */
// Called with an encoder as `this` (below, and in the test).
// eslint-disable-next-line @typescript-eslint/unbound-method
export const libraryEncode = Encoder.prototype.encode;

/** The library's overflow warning (it says what BUFFER_SIZE to set; this file logs its own line instead). */
const OVERFLOW_WARNING = /^@colyseus\/schema buffer overflow/;

/** What the encode under way had to say: written to the log once it is over (the log writes through console.warn). */
const notes: string[] = [];

function collect(...args: unknown[]): void {
  const text = args.map(String).join(' ');
  if (!OVERFLOW_WARNING.test(text)) notes.push(text.replace(/\s+/g, ' ').trim().slice(0, 300));
}

Encoder.prototype.encode = function encode(this: Encoder, it = { offset: 0 }, view, buffer = this.sharedBuffer, ...rest) {
  const warn = console.warn;
  // The library's own retry comes through here too: only the outermost call writes the notes.
  const outermost = warn !== collect;
  console.warn = collect;
  try {
    const encoded = libraryEncode.call(this, it, view, buffer, ...rest);
    // Not a view of the buffer it was given: it outgrew it, and was encoded again into a larger one.
    if (encoded.buffer !== buffer.buffer) {
      const grown = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.buffer.byteLength - encoded.byteOffset);
      const shared = buffer === this.sharedBuffer;
      if (shared) this.sharedBuffer = grown;
      notes.push(
        `@colyseus/schema: ${shared ? 'a patch' : 'a state'} of ${encoded.byteLength} bytes outgrew its ${buffer.byteLength}-byte buffer and was encoded again${shared ? '; the room keeps the larger buffer' : ''}`,
      );
    }
    return encoded;
  } finally {
    console.warn = warn;
    if (outermost) for (const note of notes.splice(0)) log.warn(note);
  }
} as typeof Encoder.prototype.encode;
