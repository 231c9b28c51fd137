import { randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '@samurai/shared';

export function randomRoomCode(): string {
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

/**
 * The rooms alive in this process (a single process serves every room), with the address that
 * created each, so one address's share of the server can be limited.
 */
export class RoomRegistry {
  /** Code → the creator's address key ('' until the creation is confirmed). */
  private readonly creators = new Map<string, string>();
  private readonly perAddress = new Map<string, number>();

  /** A fresh code no live room uses; unguessable, so a code is as good as an invitation. */
  allocate(): string {
    for (;;) {
      const code = randomRoomCode();
      if (!this.creators.has(code)) {
        this.creators.set(code, '');
        return code;
      }
    }
  }

  /** A restored room takes back its own code (false if a live room already has it). */
  claim(code: string): boolean {
    if (this.creators.has(code)) return false;
    this.creators.set(code, '');
    return true;
  }

  /** Counts the room against the address that created it. */
  setCreator(code: string, address: string): void {
    if (this.creators.get(code) !== '') return;
    this.creators.set(code, address);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  release(code: string): void {
    const address = this.creators.get(code);
    if (address === undefined) return;
    this.creators.delete(code);
    if (!address) return;
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
  }

  codes(): IterableIterator<string> {
    return this.creators.keys();
  }

  has(code: string): boolean {
    return this.creators.has(code);
  }

  get size(): number {
    return this.creators.size;
  }

  /** Live rooms created from `address`. */
  roomsOf(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }
}

/** The process's rooms (Colyseus's matchmaker is one per process too). */
export const liveRooms = new RoomRegistry();
