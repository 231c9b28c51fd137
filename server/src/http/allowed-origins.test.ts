import type { IncomingMessage } from 'node:http';
import { isTrustedProxy, parseTrustProxy } from './client-address';
import { originPolicy, parseAllowedOrigins } from './allowed-origins';

function request(headers: Record<string, string>, peer = '203.0.113.7'): IncomingMessage {
  return { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

const noProxy = isTrustedProxy(parseTrustProxy(undefined));

describe('allowed origins', () => {
  it("allow no Origin, and the page's own origin (the host asked for), default ports or not", () => {
    const allowed = originPolicy([], noProxy);
    expect(allowed(request({ host: 'games.example.org' }))).toBe(true);
    expect(allowed(request({ host: 'games.example.org', origin: 'https://games.example.org' }))).toBe(true);
    expect(allowed(request({ host: 'games.example.org:443', origin: 'https://games.example.org' }))).toBe(true);
    expect(allowed(request({ host: 'localhost:2567', origin: 'http://localhost:2567' }))).toBe(true);
  });

  it('refuse any other page: another site, another port, a sandboxed frame', () => {
    const allowed = originPolicy([], noProxy);
    expect(allowed(request({ host: 'games.example.org', origin: 'https://evil.example' }))).toBe(false);
    expect(allowed(request({ host: 'localhost:2567', origin: 'http://localhost:5173' }))).toBe(false);
    expect(allowed(request({ host: 'games.example.org', origin: 'null' }))).toBe(false);
    expect(allowed(request({ origin: 'https://games.example.org' }))).toBe(false);
  });

  it('allow the origins configured, and believe X-Forwarded-Host only from a trusted proxy', () => {
    expect(originPolicy(parseAllowedOrigins('http://localhost:5173'), noProxy)(request({ host: 'localhost:2567', origin: 'http://localhost:5173' }))).toBe(
      true,
    );
    const forwarded = { host: 'game-a:2567', 'x-forwarded-host': 'games.example.org', origin: 'https://games.example.org' };
    expect(originPolicy([], isTrustedProxy(parseTrustProxy('loopback')))(request(forwarded, '127.0.0.1'))).toBe(true);
    expect(originPolicy([], noProxy)(request(forwarded, '127.0.0.1'))).toBe(false);
  });

  it('refuse a malformed setting', () => {
    expect(parseAllowedOrigins(' https://a.example , http://localhost:5173/ ')).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    for (const bad of ['a.example', 'https://a.example/path', 'https://a.example?x', '*']) expect(() => parseAllowedOrigins(bad)).toThrow(/ALLOWED_ORIGINS/);
  });
});
