import { joinErrorMessage, parseJoinError, RoomError } from './errors';

describe('refused joins', () => {
  it('carry our error code in the message', () => {
    const message = joinErrorMessage(RoomError.NameTaken, 'Ann: taken');
    expect(parseJoinError(message)).toEqual({ code: RoomError.NameTaken, text: 'Ann: taken' });
    expect(parseJoinError('room "X" not found')).toBeNull();
  });
});
