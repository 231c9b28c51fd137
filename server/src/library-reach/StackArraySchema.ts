import { $changes, ArraySchema, ChangeSet, OPERATION } from '@colyseus/schema';

/**
 * An ArraySchema of primitives used as a stack: pushed, popped at the end, set by index or
 * cleared (the game log, whose last play a take-back removes). Nothing else (splice, shift,
 * sort...) may be used on it.
 *
 * Why not the stock ArraySchema:
 * - After every patch Colyseus copies an array's items into the copy it encodes from (for
 *   splices and deletes). Here that copy is kept equal to the items at every step instead, so
 *   no copy is made: for the log, which changes on every move and grows to a couple of hundred
 *   entries, it was only garbage (about 3 KB per move late in a game).
 * - The stock pop, followed in the same patch by a push and a set, sends the set to the wrong
 *   index; here a push onto a place popped in the same patch is sent as a replacement of it.
 * - The stock pop leaves a hole in the list a late joiner's full state is encoded from, and a
 *   push after it adds a new slot: a play-then-take-back loop would grow that list without end.
 */
export class StackArraySchema<V extends number | string | boolean> extends ArraySchema<V> {
  override push(...values: V[]): number {
    const changeTree = this[$changes];
    for (const value of values) {
      const index = this.items.length;
      // A place popped earlier in this patch is replaced (the decoder may still hold its old value).
      const popped = changeTree.getChange(index) === OPERATION.DELETE;
      changeTree.indexedOperation(index, popped ? OPERATION.DELETE_AND_ADD : OPERATION.ADD);
      this.items.push(value);
      this.tmpItems.push(value);
    }
    return this.items.length;
  }

  override pop(): V | undefined {
    const index = this.items.length - 1;
    if (index < 0) return undefined;
    const changeTree = this[$changes];
    changeTree.delete(index);
    dropTrailingHoles(changeTree.allChanges);
    if (changeTree.allFilteredChanges) dropTrailingHoles(changeTree.allFilteredChanges);
    this.tmpItems.pop();
    return this.items.pop();
  }

  /** The copy the encoder reads is already the items (see push and pop): nothing to copy. */
  protected override ['~onEncodeEnd'](): void {}
}

/** A delete leaves its slot in the operations list undefined; at the end of the list it can go. */
function dropTrailingHoles(changeSet: ChangeSet): void {
  const operations = changeSet.operations;
  while (operations.length > 0 && operations[operations.length - 1] === undefined) operations.pop();
}
