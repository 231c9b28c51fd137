import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A finished game's record as the database keeps it: raw deflate of its JSON text. Records are
 * kept for weeks and are 8–15 KB of (pretty-printed) JSON; deflated they are 1–1.5 KB, which
 * keeps a finished game under 4 KB of database. Compressing one takes well under a millisecond.
 */
export function packRecord(record: string): Buffer {
  return deflateRawSync(Buffer.from(record, 'utf8'));
}

export function unpackRecord(bytes: Uint8Array): string {
  return inflateRawSync(bytes).toString('utf8');
}
