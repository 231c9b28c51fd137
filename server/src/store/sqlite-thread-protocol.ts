/** What SqliteThreadStore and its thread (sqlite-thread-worker.ts) say to each other. */
import { FencedError, GameStore, Lease, RoomEvent } from './game-store';
import type { SqliteStoreOptions } from './SqliteStore';

/** The thread's first message: the file to open. */
export interface OpenMessage {
  readonly file: string;
  readonly options: Pick<SqliteStoreOptions, 'synchronous'>;
}

/** One append of a turn, as sent to the thread. */
export interface ThreadAppend {
  readonly code: string;
  readonly gameType: string;
  readonly events: readonly RoomEvent[];
  readonly lease: Lease | undefined;
}

/** The store's methods the thread answers, and the turn's appends all at once. */
export type StoreMethod = Exclude<keyof GameStore, 'kind' | 'writesInOrder' | 'append'> | 'appendAll';

export interface StoreCall {
  readonly id: number;
  readonly method: StoreMethod;
  readonly args: readonly unknown[];
}

/** An error as it crosses the thread: a FencedError stays one (the room stops writing on it). */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

export interface StoreReply {
  readonly id: number;
  readonly value?: unknown;
  readonly error?: SerializedError;
}

export function serializeStoreError(error: unknown): SerializedError {
  if (error instanceof FencedError) return { name: error.name, message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function deserializeStoreError(error: SerializedError): Error {
  if (error.name === 'FencedError' && error.code !== undefined) return new FencedError(error.code);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}
