/**
 * The table's chat and clocks as the screens show them, rebuilt from the room state after every
 * patch beside the table model (a game's model, and its replay, need none of it). Pure: the same
 * state always gives the same result.
 */
import { CHAT_KEPT_LINES, ChatLine, ClientTableState, ClockId, unpackChatLine } from '@samurai/shared';
import { tableOptionsOf } from './table-options';

export interface SeatTalkAndTime {
  /** The host has muted this person's chat. */
  readonly muted: boolean;
  /** The seat's clock: time left in tenths of a second as of the patch that set it, and whether it runs down from then. */
  readonly clock: { readonly tenths: number; readonly running: boolean };
}

export interface ChatAndClocks {
  /** The room's latest chat lines, oldest first. */
  readonly chat: readonly ChatLine[];
  /** Spectators may chat (the host's switch). */
  readonly spectatorChat: boolean;
  readonly clock: ClockId;
  /** In seat order. */
  readonly seats: readonly SeatTalkAndTime[];
}

export function chatAndClocksOf(state: ClientTableState): ChatAndClocks {
  const options = tableOptionsOf(state.options);
  return {
    chat: chatOf(state.chat),
    spectatorChat: options.spectatorChat,
    clock: options.clock,
    seats: Array.from(state.seats).map((s, index) => ({
      muted: s.kind === 'human' && s.muted === true,
      clock: { tenths: s.clockLeft ?? 0, running: ((state.clockRunning ?? 0) & (1 << index)) !== 0 },
    })),
  };
}

/** Lines already read, by their packed text: a patch changes one line of the ring, not a hundred. */
const unpacked = new Map<string, ChatLine | null>();

/** The state's ring of packed lines, in the order said (anything that does not read as a line is left out). */
function chatOf(ring: ArrayLike<string> | undefined): ChatLine[] {
  if (!ring || ring.length === 0) return [];
  if (unpacked.size > 4 * CHAT_KEPT_LINES) unpacked.clear();
  const lines: ChatLine[] = [];
  for (const packed of Array.from(ring)) {
    let line = unpacked.get(packed);
    if (line === undefined) unpacked.set(packed, (line = unpackChatLine(packed)));
    if (line) lines.push(line);
  }
  return lines.sort((a, b) => a.n - b.n);
}
