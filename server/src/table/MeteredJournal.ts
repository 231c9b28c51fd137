import { RoomJournal } from './RoomJournal';

/**
 * A room's journal that also counts what it has written since the room's log last started afresh
 * (TableRoom.writeAfresh resets the count), so the room knows when to start it afresh again
 * (TableRoom.compactIfDue). Every write of the table's goes through `append`.
 */
export class MeteredJournal extends RoomJournal {
  /** UTF-8 bytes of the events' data appended since the last fresh start. */
  bytesSinceFresh = 0;

  override append(events: Parameters<RoomJournal['append']>[0]): number {
    for (const event of events) this.bytesSinceFresh += Buffer.byteLength(event.data);
    return super.append(events);
  }
}
