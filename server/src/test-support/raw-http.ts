import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** One response read off a raw connection. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** A GET request as written on the wire (keep-alive). */
export function rawGet(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
}

/** A POST with a JSON body as written on the wire (keep-alive). */
export function rawPost(path: string, body: unknown): string {
  const text = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

/** A plain TCP connection from `localAddress` (any of 127/8 on Linux) to the server of `url`. */
export function connectFrom(url: string, localAddress: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Writes every request in one TCP write (HTTP pipelining, as a flood would) from `localAddress`,
 * and reads the responses until all have come, the server closes or resets the connection, or
 * `timeoutMs`.
 * Responses must carry a Content-Length (every route of ours answers with one).
 */
export async function pipeline(url: string, localAddress: string, requests: readonly string[], timeoutMs = 15_000): Promise<RawResponse[]> {
  // A connection reset as it is accepted (a limit) is answered nothing.
  const socket = await connectFrom(url, localAddress).catch((error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? null : Promise.reject(error)));
  if (!socket) return [];
  const responses: RawResponse[] = [];
  let buffer = Buffer.alloc(0);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(responses);
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        if (headers['transfer-encoding']) return reject(new Error('a chunked response: this reader needs a Content-Length'));
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length < end + 4 + length) break;
        responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
        buffer = buffer.subarray(end + 4 + length);
      }
      if (responses.length === requests.length) done();
    });
    socket.once('close', done);
    socket.once('error', () => undefined); // 'close' follows
    socket.write(requests.join(''));
  });
}

/** How a large POST ended: the server's answer (or the connection's error) and what had been written by then. */
export interface LargePost {
  readonly status: number | null;
  /** The answer's Connection header. */
  readonly connection: string | undefined;
  readonly error: string | null;
  readonly written: number;
  readonly ms: number;
}

/**
 * A POST of `bytes` (chunked, or with a Content-Length), written as fast as the connection takes
 * it until the server answers or the connection fails.
 */
export function largePost(url: string, { bytes, chunked, localAddress }: { bytes: number; chunked: boolean; localAddress?: string }): Promise<LargePost> {
  const started = performance.now();
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    let written = 0;
    let done = false;
    const finish = (status: number | null, connection: string | undefined, error: string | null) => {
      if (done) return;
      done = true;
      resolve({ status, connection, error, written, ms: performance.now() - started });
      request.destroy();
    };
    const headers = chunked
      ? { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }
      : { 'Content-Type': 'application/json', 'Content-Length': bytes };
    const request = http.request(url, { method: 'POST', localAddress, agent: false, headers }, (response) => {
      response.resume();
      finish(response.statusCode ?? null, response.headers.connection, null);
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(null, undefined, error.code ?? error.message));
    const pump = () => {
      while (!done && written < bytes) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!done) request.end();
    };
    pump();
  });
}
