import { Client, getMessageBytes, Protocol } from '@colyseus/core';
import {
  HEARTBEAT_ANSWER,
  HEARTBEAT_REQUEST,
  heartbeatSchema,
  ROOM_ERROR_MESSAGES,
  RoomError,
  SPECTATOR_MESSAGE_TYPES,
  TableErrorMessage,
} from '@samurai/shared';
import { countRoomRefusal } from '../metrics';
import { ChatBody, ChattingTable, say } from './chat-requests';
import type { GameModule, Refusal } from './game-module';
import { ClientRecord, describeIssues } from './room-config';
import type { Member } from './Seating';
import { RequestedTable, TABLE_HANDLERS, TablePayloads } from './table-requests';

/** What of its room the dispatch reads, and where it sends each request. */
export interface DispatchingTable extends ChattingTable, RequestedTable {
  readonly gameModule: GameModule;
  /** A game intent from the person at a seat, its payload validated: played, or refused. */
  gameIntent(member: Member, type: string, payload: unknown): Refusal | undefined;
  /** A table request was granted: the room mirrors it, writes it down and sends it. */
  changed(): void;
}

/**
 * One decoded request (rate and size limits already passed): its schema (the table's or the
 * game's), who may make it (spectators chat, and only chat; the seat is the server's knowledge of
 * the sender, never part of the message), then the chat, the game's session or the table's
 * handlers; a refusal goes back to its sender alone.
 */
export function dispatch(table: DispatchingTable, client: Client, connection: ClientRecord, type: string | number, payload: unknown): void {
  if (type === HEARTBEAT_REQUEST) return heartbeat(table.gameModule, client, payload);
  const request = String(type).slice(0, 40);
  const game = table.gameModule;
  const { messages } = game;
  const schema = typeof type === 'string' && Object.hasOwn(messages, type) ? messages[type] : null;
  if (!schema) return sendError(game, client, { error: RoomError.UnknownMessage, detail: `There is no request "${request}".` }, request);
  const member = connection.memberId === null ? undefined : table.seating.byId(connection.memberId);
  const chat = (SPECTATOR_MESSAGE_TYPES as readonly string[]).includes(request);
  if (!member && !(chat && connection.role === 'spectator')) return sendError(game, client, { error: RoomError.Spectator }, request);
  const intent = game.isGameIntent(request);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const error = intent ? game.malformedIntent : RoomError.Malformed;
    return sendError(game, client, { error, detail: describeIssues(parsed.error) }, request);
  }
  const refusal = chat
    ? say(table, member ?? null, connection, parsed.data as ChatBody, client.sessionId)
    : intent
      ? table.gameIntent(member!, request, parsed.data)
      : tableRequest(table, member!, request, parsed.data);
  if (refusal) sendError(game, client, refusal, request);
}

/** The answer to every heartbeat, encoded once: a heartbeat costs a frame in and a frame out, nothing else. */
const HEARTBEAT_ANSWER_BYTES = getMessageBytes.raw(Protocol.ROOM_DATA, HEARTBEAT_ANSWER);

/**
 * A page asking whether its room is there (shared heartbeat.ts): answered at once, to anyone in
 * the room, player or spectator. Nothing changes: not the state, not the store, not anyone's idle time.
 */
function heartbeat(game: GameModule, client: Client, payload: unknown): void {
  if (!heartbeatSchema.safeParse(payload).success)
    return sendError(game, client, { error: RoomError.Malformed, detail: 'A heartbeat carries nothing.' }, HEARTBEAT_REQUEST);
  client.enqueueRaw(HEARTBEAT_ANSWER_BYTES);
}

function tableRequest(table: DispatchingTable, member: Member, type: string, payload: unknown): Refusal | undefined {
  const handler = TABLE_HANDLERS[type as keyof TablePayloads] as (table: RequestedTable, member: Member, payload: never) => Refusal | void;
  const refusal = handler(table, member, payload as never);
  if (!refusal) table.changed();
  return refusal ?? undefined;
}

/** A refusal, to its sender alone: the code, its sentence (the game's or the table's), and what exactly was wrong. */
export function sendError(game: GameModule, client: Client, refusal: Refusal, request?: string): void {
  const message = game.errorMessage(refusal.error) ?? ROOM_ERROR_MESSAGES[refusal.error as RoomError] ?? refusal.error;
  const error: TableErrorMessage = { code: refusal.error, message, detail: refusal.detail ?? message, request };
  countRoomRefusal(refusal.error);
  client.send('error', error);
}
