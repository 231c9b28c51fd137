/**
 * A game's move error codes as keys of the language files: "play/not_in_hand" → "play.notInHand"
 * under `errors.<game>.` (camelCase, as the table's: a key ending in _many would read as a plural
 * form). The engines keep their English messages for logs and tools; people read these.
 */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type MoveErrorKey<Code extends string> = Code extends `${infer Area}/${infer Name}` ? `${CamelCase<Area>}.${CamelCase<Name>}` : never;

export function moveErrorKey<Code extends string>(code: Code): MoveErrorKey<Code> {
  return code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()).replace('/', '.') as MoveErrorKey<Code>;
}
