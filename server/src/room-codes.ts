import { randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '@samurai/shared';

/** Codes of the rooms alive in this process (a single process serves every room). */
const liveCodes = new Set<string>();

export function randomRoomCode(): string {
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

/** A fresh code no live room uses; unguessable, so a code is as good as an invitation. */
export function allocateRoomCode(): string {
  for (;;) {
    const code = randomRoomCode();
    if (!liveCodes.has(code)) {
      liveCodes.add(code);
      return code;
    }
  }
}

export function releaseRoomCode(code: string): void {
  liveCodes.delete(code);
}

export function isLiveRoom(code: string): boolean {
  return liveCodes.has(code);
}

export function liveRoomCount(): number {
  return liveCodes.size;
}
