/**
 * What a game hands the interface's words: its i18next namespace and, per language, the loader of
 * its JSON file. Keys in a game's namespace are written with its name in front, as the table's are
 * ("<namespace>.tagline"): i18n.ts makes "." the namespace separator for the games' namespaces.
 */
import type { Language } from './languages';

export interface GameWords<Namespace extends string = string, Words = unknown> {
  readonly namespace: Namespace;
  /** English's file gives the keys' type; the others' plural forms differ (the locale tests compare them). */
  readonly load: Readonly<Record<Language, () => Promise<{ default: unknown }>> & { en: () => Promise<{ default: Words }> }>;
}

/** Each game's words under its namespace, typed from its English file (for t()'s key checks). */
export type WordsByNamespace<Games extends readonly GameWords<string, unknown>[]> = {
  [G in Games[number] as G['namespace']]: G extends GameWords<string, infer Words> ? Words : never;
};
