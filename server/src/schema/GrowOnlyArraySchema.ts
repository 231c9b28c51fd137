import { ArraySchema } from '@colyseus/schema';

/**
 * An ArraySchema that is only ever pushed to, set by index or cleared (the game log). After
 * every patch Colyseus copies an array's items into the copy it encodes from, for splices and
 * deletes; under push, set and clear the two never differ, so for the log, which changes on
 * every move and grows to a couple of hundred entries, that copy was only garbage (and the next
 * push had to grow it again): about 3 KB per move late in a game.
 */
export class GrowOnlyArraySchema<V> extends ArraySchema<V> {
  protected override ['~onEncodeEnd'](): void {
    this.deletedIndexes = {};
  }
}
