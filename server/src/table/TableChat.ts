import { CHAT_KEPT_LINES, ChatLine, packChatLine, unpackChatLine } from '@samurai/shared';

/** A line just said: as packed, and the slot of the ring it took (the state's array mirrors the ring). */
export interface SaidLine {
  readonly packed: string;
  readonly slot: number;
}

/**
 * The room's chat lines: the latest CHAT_KEPT_LINES, packed (packChatLine), in a ring whose
 * newest line replaces the oldest, so the state's array changes by one item a line. Who may say
 * what is the room's to decide; this only numbers and keeps. An empty chat holds two empty fields.
 */
export class TableChat {
  /** By slot; once full, `oldest` is the slot the next line takes. */
  private ring: string[] = [];
  private oldest = 0;
  /** The number of the latest line (0: none yet). */
  private last = 0;

  add(line: Omit<ChatLine, 'n'>): SaidLine {
    const packed = packChatLine({ ...line, n: ++this.last });
    if (this.ring.length < CHAT_KEPT_LINES) {
      this.ring.push(packed);
      return { packed, slot: this.ring.length - 1 };
    }
    const slot = this.oldest;
    this.ring[slot] = packed;
    this.oldest = (slot + 1) % CHAT_KEPT_LINES;
    return { packed, slot };
  }

  /** The ring, slot by slot, as the state's array holds it. */
  get slots(): readonly string[] {
    return this.ring;
  }

  /** The kept lines, oldest first (packed). */
  lines(): string[] {
    return [...this.ring.slice(this.oldest), ...this.ring.slice(0, this.oldest)];
  }

  /**
   * The chat of a restored room, from its log's lines in any order and possibly repeated (a new
   * game writes the kept lines again): the latest CHAT_KEPT_LINES by number, numbering going on.
   */
  static restore(packed: readonly string[]): TableChat {
    const byNumber = new Map<number, string>();
    for (const text of packed) {
      const line = unpackChatLine(text);
      if (line) byNumber.set(line.n, text);
    }
    const numbers = [...byNumber.keys()].sort((a, b) => a - b).slice(-CHAT_KEPT_LINES);
    const chat = new TableChat();
    chat.ring = numbers.map((n) => byNumber.get(n)!);
    chat.last = numbers.at(-1) ?? 0;
    return chat;
  }
}
