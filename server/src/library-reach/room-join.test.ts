import { Room } from '@colyseus/core';

test('Room._onJoin is there, takes the client and the auth context, and runs onAuth and onJoin', () => {
  // Read as a value (its source and arity), never called unbound.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const onJoin = Room.prototype._onJoin;
  expect(typeof onJoin).toBe('function');
  expect(onJoin.length).toBe(2);
  const source = String(onJoin);
  expect(source).toMatch(/this\.onAuth\(client, joinOptions, authContext\)/);
  expect(source).toMatch(/this\.onJoin\(client, joinOptions, client\.auth\)/);
});
