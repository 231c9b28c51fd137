interface Stored {
  /** The game's room type: the record's file is named after it. */
  readonly gameType: string;
  readonly gameNumber: number;
  /** The game's own record format (its engine exports and verifies it). */
  readonly record: object;
  readonly storedAt: number;
}

/**
 * The record of each room's last finished game, for `GET /api/rooms/:code/record`. Kept a while
 * after the room closes (people download it after everyone has left), within a fixed budget.
 */
export class RecordStore {
  private readonly records = new Map<string, Stored>();

  constructor(
    private readonly keepMs = 60 * 60 * 1000,
    private readonly maxRecords = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  store(code: string, gameType: string, gameNumber: number, record: object): void {
    this.records.delete(code); // re-insert: Map order is then oldest first
    this.records.set(code, { gameType, gameNumber, record, storedAt: this.now() });
    while (this.records.size > this.maxRecords) this.records.delete(this.records.keys().next().value!);
  }

  find(code: string): Stored | undefined {
    const stored = this.records.get(code);
    if (stored && this.now() - stored.storedAt > this.keepMs) {
      this.records.delete(code);
      return undefined;
    }
    return stored;
  }
}
