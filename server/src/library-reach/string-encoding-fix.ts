import { encode } from '@colyseus/schema';

/*
 * @colyseus/schema 3.0.76 writes the length of a string of exactly 255 UTF-8 bytes as 0
 * (`length % 255` in its encoder: colyseus/schema#216, open). Every decoder then reads an empty
 * string and takes the 255 bytes after it for more of the patch, corrupting the state from there
 * on. Loaded once by the serializer: a string of that length gets its true length; all others
 * are encoded by the library as before. (The encoder looks its primitive encoders up in this
 * exported table on every use; string-encoding-fix.test.ts checks the round trip through a real
 * decoder, so an upgrade that changes either shows there.)
 */
const STR8 = 0xd9;
const LENGTH = 0xff;
const encodeString = encode.string;

encode.string = function string(bytes, value, it) {
  if (!value || encode.utf8Length(value) !== LENGTH) return encodeString(bytes, value, it);
  const out = bytes as Uint8Array;
  out[it.offset++] = STR8;
  out[it.offset++] = LENGTH;
  encode.utf8Write(bytes, value, it);
  return 2 + LENGTH;
};
