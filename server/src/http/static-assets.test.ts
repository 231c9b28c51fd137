import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(60_000);

// A built client as `vite build` leaves it: each text file with its .br and .gz beside it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-dist-'));
const SCRIPT = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ hex: i, kind: 'sea' })))};\n`;
const PAGE = `<!doctype html><title>Board games</title><script type="module" src="./assets/main-1a2b3c.js"></script>${'<!-- -->'.repeat(200)}`;
const ICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function built(file: string, content: string | Buffer, compressed = true): void {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  if (!compressed) return;
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
}
built('index.html', PAGE);
built('assets/main-1a2b3c.js', SCRIPT);
built('assets/icon-9f8e7d.png', ICON, false);

const server = useTestServer({ clientDist: dist }, () => fs.rmSync(dist, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a browser sends it, the body as it came over the wire (fetch would decompress it). */
function get(urlPath: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${urlPath}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('a browser that accepts brotli gets the brotli copy, with the script’s type, Vary and a year’s immutable caching', async () => {
  const raw = await get('/assets/main-1a2b3c.js');
  const answer = await get('/assets/main-1a2b3c.js', 'gzip, deflate, br, zstd');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('br');
  expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
  expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
  expect(answer.headers['content-type']!.toLowerCase()).toBe(raw.headers['content-type']!.toLowerCase());
  expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
  expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
});

test('gzip when brotli is not accepted (or refused with q=0)', async () => {
  for (const accepted of ['gzip, deflate', 'br;q=0, gzip']) {
    const answer = await get('/assets/main-1a2b3c.js', accepted);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(SCRIPT);
  }
});

test('the file itself when no encoding is accepted, still with Vary for caches between', async () => {
  for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
    const answer = await get('/assets/main-1a2b3c.js', accepted);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript; charset=utf-8$/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.toString()).toBe(SCRIPT);
  }
});

test('the page, compressed too, is revalidated on every visit', async () => {
  for (const urlPath of ['/', '/index.html']) {
    const answer = await get(urlPath, 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(PAGE);
  }
  const raw = await get('/', undefined);
  expect(raw.headers['content-encoding']).toBeUndefined();
  expect(raw.headers['cache-control']).toBe('no-cache');
  expect(raw.body.toString()).toBe(PAGE);
});

test('a file without compressed copies (an image) is sent as it is, without Vary', async () => {
  const answer = await get('/assets/icon-9f8e7d.png', 'br, gzip');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(answer.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
  expect(answer.headers['content-type']).toBe('image/png');
  expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  expect(answer.body).toEqual(ICON);
});

test('a missing file is our 404, not a compressed copy of something else', async () => {
  const answer = await get('/assets/missing-000000.js', 'br');
  expect(answer.status).toBe(404);
  expect(answer.headers['content-encoding']).toBeUndefined();
});
