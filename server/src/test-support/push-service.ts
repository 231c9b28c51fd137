import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One request the push service took: its path, headers and raw body. */
export interface PushDelivery {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * A push service on loopback speaking RFC 8030's delivery: HTTPS (a certificate made here with
 * openssl for 127.0.0.1; `agent` trusts it), a POST per message answered 201 with a Location, or
 * the status `answers` gives for its path (410: the subscription is gone).
 */
export class LocalPushService {
  readonly deliveries: PushDelivery[] = [];
  readonly answers = new Map<string, number>();
  readonly agent: https.Agent;
  private constructor(
    private readonly server: https.Server,
    readonly origin: string,
    ca: string,
  ) {
    this.agent = new https.Agent({ ca });
  }

  static async start(): Promise<LocalPushService> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-push-'));
    try {
      const key = path.join(dir, 'key.pem');
      const cert = path.join(dir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore', timeout: 20_000 },
      );
      const pem = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
      let service: LocalPushService | null = null;
      const server = https.createServer(pem, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
          const delivery = { path: req.url ?? '', headers, body: Buffer.concat(chunks) };
          service!.deliveries.push(delivery);
          const status = req.method === 'POST' ? (service!.answers.get(delivery.path) ?? 201) : 405;
          if (status === 201) res.setHeader('Location', `${service!.origin}/message/${service!.deliveries.length}`);
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      service = new LocalPushService(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`, pem.cert);
      return service;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  to(pathname: string): PushDelivery[] {
    return this.deliveries.filter((d) => d.path === pathname);
  }

  close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291 § 2). */
export class BrowserKeys {
  private readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** The subscription's keys as PushSubscription.toJSON() gives them. */
  get json(): { p256dh: string; auth: string } {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /**
   * The plaintext of an aes128gcm message (RFC 8188) encrypted for these keys (RFC 8291 § 3.4):
   * the header's salt, record size and the server's one-time public key, then one record.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20];
    const serverKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then any padding of zeros.
    const end = padded.lastIndexOf(2);
    if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('no final record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/**
 * A VAPID Authorization header (RFC 8292 § 3: `vapid t=<JWT>, k=<public key>`) checked: its ES256
 * signature verifies against `publicKey` (base64url, uncompressed P-256) and the key it names is
 * that one. Answers the JWT's claims.
 */
export function verifyVapid(authorization: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('the header names another key');
  const [header, claims, signature] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error("the JWT's signature does not verify");
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
