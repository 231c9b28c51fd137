import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/**
 * Which proxies in front of the server to believe (`TRUST_PROXY`): none by default, so a
 * client cannot pick its own address with an `X-Forwarded-For` header. A number trusts that
 * many hops; otherwise a comma-separated list of addresses, subnets or the names `loopback`,
 * `linklocal` and `uniquelocal` (as Express's "trust proxy" setting).
 */
export function parseTrustProxy(raw: string | undefined): number | string[] {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  return parseAddressList(text);
}

/**
 * `INTERNAL_ADDRESSES`: the client addresses (as the trust setting finds them) that may see what
 * others may not, the live room count on /health: none by default. A comma-separated list of
 * addresses, subnets or `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseInternalAddresses(raw: string | undefined): string[] {
  return parseAddressList(raw ?? '');
}

function parseAddressList(text: string): string[] {
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws on a malformed entry: refuse to start rather than trust wrongly
  return list;
}

type Trust = (address: string, hop: number) => boolean;

function compiledTrust(trust: number | string[]): Trust {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : proxyaddr.compile(trust);
}

/** The function that finds a request's client address under a trust setting. */
export function clientAddressOf(trust: number | string[]): (req: IncomingMessage) => string {
  const trusts = compiledTrust(trust);
  return (req) => limitKey(proxyaddr(req as Parameters<typeof proxyaddr>[0], trusts));
}

/** Whether a request comes from one of the internal addresses (its client's address, under the trust setting). */
export function isInternalOf(internal: readonly string[], trust: number | string[]): (req: IncomingMessage) => boolean {
  if (internal.length === 0) return () => false;
  const inside = proxyaddr.compile([...internal]);
  const trusts = compiledTrust(trust);
  return (req) => inside(proxyaddr(req as Parameters<typeof proxyaddr>[0], trusts), 0);
}

/**
 * Whether a connection's peer is a proxy the trust setting believes: its connections carry many
 * clients' requests (and its X-Forwarded-Host names the host the browser asked for).
 */
export function isTrustedProxy(trust: number | string[]): (peer: string) => boolean {
  const trusts = compiledTrust(trust);
  return (peer) => ipaddr.isValid(peer) && trusts(peer, 0);
}

/**
 * The key limits are counted under: an IPv4 address as is (IPv4-mapped IPv6 included); an IPv6
 * address by its /64, since one subscriber commonly holds a whole /64.
 */
export function limitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address || 'unknown';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
