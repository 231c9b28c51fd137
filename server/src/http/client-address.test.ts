import type { IncomingMessage } from 'node:http';
import { clientAddressOf, isInternalOf, isTrustedProxy, limitKey, parseInternalAddresses, parseTrustProxy } from './client-address';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  } as unknown as IncomingMessage;
}

describe('the client address', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', () => {
    const addressOf = clientAddressOf(parseTrustProxy(undefined));
    expect(addressOf(request('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
  });

  it('believes a trusted proxy, and only as far as it is trusted', () => {
    expect(clientAddressOf(parseTrustProxy('loopback'))(request('127.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddressOf(parseTrustProxy('loopback'))(request('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
    // One hop trusted: a client's own forged entry further left is not believed.
    expect(clientAddressOf(parseTrustProxy('1'))(request('10.0.0.2', '6.6.6.6, 198.51.100.1'))).toBe('198.51.100.1');
  });

  it("tells a trusted proxy from a client (a proxy's connections are not counted per address)", () => {
    expect(isTrustedProxy(parseTrustProxy(undefined))('127.0.0.1')).toBe(false);
    expect(isTrustedProxy(parseTrustProxy('loopback'))('127.0.0.1')).toBe(true);
    expect(isTrustedProxy(parseTrustProxy('loopback'))('::ffff:127.0.0.1')).toBe(true);
    expect(isTrustedProxy(parseTrustProxy('loopback'))('203.0.113.7')).toBe(false);
    expect(isTrustedProxy(parseTrustProxy('1'))('203.0.113.7')).toBe(true);
    expect(isTrustedProxy(parseTrustProxy('loopback'))('')).toBe(false);
  });

  it('refuses a malformed trust setting', () => {
    expect(() => parseTrustProxy('not-an-address')).toThrow();
    expect(() => parseInternalAddresses('10.0.0.0/8, nowhere')).toThrow();
  });

  it('knows internal addresses: none by default, the client as the trust setting finds it', () => {
    expect(isInternalOf(parseInternalAddresses(undefined), 0)(request('127.0.0.1'))).toBe(false);
    const loopback = parseInternalAddresses('loopback, 10.1.0.0/16');
    expect(isInternalOf(loopback, 0)(request('127.0.0.1'))).toBe(true);
    expect(isInternalOf(loopback, 0)(request('10.1.2.3'))).toBe(true);
    expect(isInternalOf(loopback, 0)(request('203.0.113.7'))).toBe(false);
    // Through a trusted proxy on this machine, the client it names decides.
    expect(isInternalOf(loopback, ['loopback'])(request('127.0.0.1', '203.0.113.7'))).toBe(false);
  });

  it('counts IPv4-mapped addresses as IPv4 and IPv6 by /64', () => {
    expect(limitKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe(limitKey('2001:db8:1:2:bbbb::2'));
    expect(limitKey('2001:db8:1:2::1')).not.toBe(limitKey('2001:db8:1:3::1'));
  });
});
