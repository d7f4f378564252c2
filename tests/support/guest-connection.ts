import { connect, type Socket } from 'node:net';

// One guest's HTTP/1.1 connection, for the release-night load generator (release-night.ts). The generator runs on the
// same two cores as the app, and a general-purpose client (undici) spent about 1 ms of CPU per guest there: 2.2 s of
// the machine's 2 core-seconds a second at 2,000 guests in 0.5 s, so the bench measured its own queue as much as the
// app. This writes each request as bytes on a plain socket and reads the answer by its Content-Length (or chunked
// encoding): about a third of the CPU, the same requests on the wire (docs/benchmarks.md, issue 31). Only what the
// generator needs: one request at a time, no redirects, no compression, no TLS.

export interface GuestAnswer {
  status: number;
  text: string;
}

/** A failure named as the generator classifies it: a code with TIMEOUT in it is a timeout, anything else network. */
export class ConnectionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface GuestConnection {
  request(request: {
    method: 'GET' | 'POST';
    path: string;
    headers: Record<string, string>;
    body?: string;
  }): Promise<GuestAnswer>;
  close(): void;
}

/** The guest's connection to `url` (http only), opened at its first request and kept, as a browser keeps one. */
export function guestConnection(url: string, timeoutMs: number): GuestConnection {
  const { hostname, port, host } = new URL(url);
  let socket: Socket | undefined;
  let closed = false;

  const open = () => {
    const opened = connect(Number(port || 80), hostname);
    opened.setNoDelay(true);
    opened.setTimeout(timeoutMs);
    // The server may close an idle connection between two requests: the next one opens a new connection.
    opened.on('close', () => {
      if (socket === opened) socket = undefined;
    });
    return opened;
  };

  return {
    request({ method, path, headers, body }) {
      if (closed) return Promise.reject(new ConnectionError('CLOSED', 'the connection was closed'));
      const current = (socket ??= open());
      const payload = body === undefined ? undefined : Buffer.from(body);
      const head =
        `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        (payload ? `content-length: ${payload.length}\r\n` : '') +
        '\r\n';
      return new Promise<GuestAnswer>((resolve, reject) => {
        const answer = answerReader();
        const finish = (error?: Error, result?: ReadAnswer) => {
          current.off('data', onData).off('timeout', onTimeout).off('error', onError).off('close', onClose);
          if (error) {
            current.destroy();
            reject(error);
          } else {
            if (!result!.keepAlive) current.destroy();
            resolve({ status: result!.status, text: result!.text });
          }
        };
        const onData = (chunk: Buffer) => {
          try {
            const result = answer.add(chunk);
            if (result) finish(undefined, result);
          } catch (error) {
            finish(error as Error);
          }
        };
        const onTimeout = () => finish(new ConnectionError('REQUEST_TIMEOUT', `no whole answer in ${timeoutMs} ms`));
        const onError = (error: NodeJS.ErrnoException) =>
          finish(new ConnectionError(error.code ?? 'SOCKET_ERROR', error.message));
        const onClose = () => {
          const result = answer.end();
          if (result) finish(undefined, result);
          else finish(new ConnectionError('SOCKET_CLOSED', 'the server closed the connection before a whole answer'));
        };
        current.on('data', onData).on('timeout', onTimeout).on('error', onError).on('close', onClose);
        current.write(payload ? Buffer.concat([Buffer.from(head), payload]) : head);
      });
    },
    close() {
      closed = true;
      socket?.destroy();
    },
  };
}

interface ReadAnswer extends GuestAnswer {
  keepAlive: boolean;
}

/** Reads one HTTP/1.1 answer from the bytes as they come: `add` returns it once whole. */
function answerReader() {
  let buffered: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  let head: { status: number; headers: Map<string, string>; bodyAt: number } | undefined;

  const parseHead = () => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new ConnectionError('BAD_ANSWER', `not an HTTP answer: ${statusLine.slice(0, 80)}`);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    return { status, headers, bodyAt: end + 4 };
  };

  const whole = (text: string): ReadAnswer => ({
    status: head!.status,
    text,
    keepAlive: head!.headers.get('connection')?.toLowerCase() !== 'close',
  });

  /** The body of a chunked answer once its last chunk is in, else undefined. */
  const dechunked = (bytes: Buffer) => {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) throw new ConnectionError('BAD_ANSWER', 'a chunk without a size');
      if (size === 0) return bytes.indexOf('\r\n', lineEnd + 2) < 0 ? undefined : Buffer.concat(parts);
      if (bytes.length < lineEnd + 2 + size + 2) return undefined;
      parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  };

  return {
    add(chunk: Buffer): ReadAnswer | undefined {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      head ??= parseHead();
      if (!head) return undefined;
      const body = buffered.subarray(head.bodyAt);
      const length = head.headers.get('content-length');
      if (length !== undefined) {
        return body.length >= Number(length) ? whole(body.subarray(0, Number(length)).toString('utf8')) : undefined;
      }
      if (head.headers.get('transfer-encoding')?.toLowerCase().includes('chunked')) {
        const text = dechunked(body);
        return text && whole(text.toString('utf8'));
      }
      return undefined; // read to the end of the connection
    },
    /** The connection ended: the answer if it was one read to the end, else undefined. */
    end(): ReadAnswer | undefined {
      if (!head || head.headers.has('content-length') || head.headers.has('transfer-encoding')) return undefined;
      return { ...whole(buffered.subarray(head.bodyAt).toString('utf8')), keepAlive: false };
    },
  };
}
