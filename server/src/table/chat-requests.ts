import { EmoteId, RoomError, TableOptions } from '@samurai/shared';
import { claimedRoleOf, confusableNames } from '../name-skeleton';
import type { Refusal } from './game-module';
import type { Connection } from './room-config';
import type { RoomJournal } from './RoomJournal';
import type { Member, Seating } from './Seating';
import type { TableChat } from './TableChat';
import type { TableMirror } from './TableMirror';

/** What a chat request says (its payload as tableMessages parses it). */
export type ChatBody = { readonly text: string } | { readonly emote: EmoteId };

/** What of its room the chat reads and writes. */
export interface ChattingTable {
  options: TableOptions;
  readonly seating: Seating;
  readonly chat: TableChat;
  readonly mirror: TableMirror;
  readonly journal: RoomJournal;
  /** Sends the patch (once what it shows is written down). */
  readonly sendPatch: () => void;
}

/**
 * A chat line or an emote, from a seated person (`member`) or a spectator (null): refused when
 * the host has muted them or closed the chat to spectators; else numbered, kept (the latest
 * CHAT_KEPT_LINES, in the state's ring), written down and sent like any change. Not part of the
 * game or its record.
 */
export function say(table: ChattingTable, member: Member | null, connection: Connection, body: ChatBody): Refusal | undefined {
  if (member?.muted) return { error: RoomError.Muted };
  if (!member && !table.options.spectatorChat) return { error: RoomError.ChatClosed };
  const { seating } = table;
  const line = table.chat.add({
    at: Date.now(),
    seat: member ? seating.seatOf(member.id) : -1,
    name: member?.name ?? spectatorName(seating, connection.name),
    colour: member?.colour ?? '',
    body,
  });
  table.mirror.chatLine(line.slot, line.packed);
  table.journal.append([{ kind: 'chat', data: line.packed }]);
  table.journal.whenDurable(table.sendPatch);
  return undefined;
}

/** A spectator's name as their lines show it: none if it looks like a seated person's, or claims a role. */
function spectatorName(seating: Seating, name: string): string {
  if (!name || claimedRoleOf(name) || seating.members.some((m) => confusableNames(m.name, name))) return '';
  return name;
}
