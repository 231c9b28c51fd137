import { EmoteId, RoomError, systemLabel, systemLabelRefusal, TableOptions } from '@samurai/shared';
import { skeleton } from '../name-skeleton';
import { ChatBudget } from './ChatBudget';
import type { Refusal } from './game-module';
import type { ClientRecord, RoomConfig } from './room-config';
import type { RoomJournal } from './RoomJournal';
import type { Member, Seating } from './Seating';
import type { TableChat } from './TableChat';
import type { TableMirror } from './TableMirror';

/** What a chat request says (its payload as tableMessages parses it). */
export type ChatBody = { readonly text: string } | { readonly emote: EmoteId };

/** What of its room the chat reads and writes. */
export interface ChattingTable {
  options: TableOptions;
  readonly config: RoomConfig;
  readonly seating: Seating;
  readonly chat: TableChat;
  /** How much more each person, and the spectators together, may say (made with the first line). */
  chatBudget: ChatBudget | null;
  readonly mirror: TableMirror;
  readonly journal: RoomJournal;
  /** Sends the patch (once what it shows is written down). */
  readonly sendPatch: () => void;
  /** Something was written down: the room's log starts afresh if it has grown enough since it last did. */
  compactIfDue(): void;
}

/**
 * A chat line or an emote, from a seated person (`member`) or a spectator (null): refused when
 * the host has muted them or closed the chat to spectators, when the line opens with a label in
 * the table's voice written with look-alike letters (the shared schema has refused the plain
 * ones), or when its sender (or the spectators together) has said enough for now; else numbered,
 * kept (the latest CHAT_KEPT_LINES, in the state's ring), written down and sent like any change.
 * Not part of the game or its record.
 */
export function say(table: ChattingTable, member: Member | null, connection: ClientRecord, body: ChatBody, sessionId: string): Refusal | undefined {
  if (member?.muted) return { error: RoomError.Muted };
  if (!member && !table.options.spectatorChat) return { error: RoomError.ChatClosed };
  const label = 'text' in body ? systemLabel(body.text, skeleton) : null;
  if (label) return { error: RoomError.Malformed, detail: `text: ${systemLabelRefusal(label)}` };
  table.chatBudget ??= new ChatBudget(table.config.tableLimits);
  const tooFast = table.chatBudget.take(member ? `seat:${member.id}` : `spectator:${sessionId}`, !member);
  if (tooFast) return tooFast;
  const { seating } = table;
  const line = table.chat.add({
    at: Date.now(),
    seat: member ? seating.seatOf(member.id) : -1,
    // (A spectator's name is nobody else's at the table: Seating.watch saw to it.)
    name: member?.name ?? connection.name,
    colour: member?.colour ?? '',
    body,
  });
  table.mirror.chatLine(line.slot, line.packed);
  table.journal.append([{ kind: 'chat', data: line.packed }]);
  table.compactIfDue();
  table.journal.whenDurable(table.sendPatch);
  return undefined;
}
