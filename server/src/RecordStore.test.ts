import { RecordStore } from './RecordStore';
import { STORED_GAME, STORED_RECORD_FORMAT } from './test-support/stored-game';

const record = { format: STORED_RECORD_FORMAT };

describe('RecordStore', () => {
  it('keeps the last record of each room for a while', () => {
    let now = 0;
    const store = new RecordStore(1000, 10, () => now);
    store.store('AAAAA', STORED_GAME, 1, record);
    store.store('AAAAA', STORED_GAME, 2, record);
    expect(store.find('AAAAA')?.gameNumber).toBe(2);
    now = 1001;
    expect(store.find('AAAAA')).toBeUndefined();
  });

  it('forgets the oldest beyond its budget', () => {
    const store = new RecordStore(1000, 2, () => 0);
    ['AAAAA', 'BBBBB', 'CCCCC'].forEach((code, i) => store.store(code, STORED_GAME, i, record));
    expect(store.find('AAAAA')).toBeUndefined();
    expect(store.find('CCCCC')?.gameNumber).toBe(2);
  });
});
