import { isIP } from 'node:net';
import { z } from 'zod';

/** A seat holds at most this many browsers' subscriptions (a phone, a laptop, a tablet, …). */
export const MAX_SUBSCRIPTIONS_PER_SEAT = 5;
/** Push services' endpoints are a few hundred characters; anything far longer is not one. */
export const MAX_ENDPOINT_CHARS = 1024;

/** The languages a notification is written in (the client's: client/src/i18n/languages.ts). */
export const PUSH_LANGUAGES = ['en', 'fr', 'de', 'ja'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** A seat token as Seating makes them: 24 random bytes, base64url. */
const seatToken = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'a seat token is 32 base64url characters');

/** Base64url (padding tolerated) that decodes to exactly `bytes` bytes (and, for a key, starts as `first`). */
function base64urlBytes(bytes: number, what: string, first?: number) {
  return z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((text) => {
      const decoded = Buffer.from(text.replace(/=+$/, ''), 'base64url');
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    }, `${what} must be ${bytes} bytes`)
    .transform((text) => text.replace(/=+$/, ''));
}

/** Loopback, private, link-local and unspecified addresses (and localhost): never a push service's. */
function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) {
    const [a, b] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (family === 6) return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

/**
 * A push endpoint: https, no credentials, not too long, and (outside tests) not an address of this
 * machine or its network: the server POSTs to it, and must not be made to reach its own insides.
 */
function endpoint(allowInternal: boolean) {
  return z
    .string()
    .max(MAX_ENDPOINT_CHARS, `an endpoint is at most ${MAX_ENDPOINT_CHARS} characters`)
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' && url.username === '' && url.password === '' && (allowInternal || !isInternalHost(url.hostname));
      } catch {
        return false;
      }
    }, 'the endpoint must be an https URL of a push service');
}

/** The browser's PushSubscription as its toJSON() gives it. */
function subscription(allowInternal: boolean) {
  return z.object({
    endpoint: endpoint(allowInternal),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64urlBytes(65, 'p256dh', 0x04), auth: base64urlBytes(16, 'auth') }),
  });
}

/**
 * `POST /api/rooms/:code/push`: a seat (its token) asks to be told by Web Push when its game waits
 * for it, in `language`. `allowInternal` (tests only) admits an endpoint on this machine.
 */
export function subscribeRequest(allowInternal = false) {
  return z.object({ seatToken, language: z.enum(PUSH_LANGUAGES), subscription: subscription(allowInternal) }).strict();
}

/** `DELETE /api/rooms/:code/push`: the seat's subscription with this endpoint goes. */
export const unsubscribeRequest = z.object({ seatToken, endpoint: z.string().max(MAX_ENDPOINT_CHARS) }).strict();

export type SubscribeRequest = z.output<ReturnType<typeof subscribeRequest>>;
