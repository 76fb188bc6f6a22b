// A client of GET /api/events.php for tests: opens the stream with any Host header and cookie, parses
// the Server-Sent Events as they come, and waits for the next event of a type without sleeping.
//   const stream = await openEventStream(server.port, host, { cookie });
//   await stream.next('ready');
//   … something publishes …
//   const like = await stream.next('like');      // { id, event: 'like', data }
//   stream.close();
import http from 'node:http';
import zlib from 'node:zlib';

export interface StreamEvent<T = unknown> {
  id: string | null;
  event: string;
  data: T;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body of an answer that is not a stream (an error as JSON). */
  text: () => Promise<string>;
  /** Every event so far, in order. */
  events: StreamEvent[];
  /** Comment lines so far (the heartbeats). */
  comments: string[];
  /** The `retry:` hint, once sent. */
  retry: number | null;
  /** The id of the newest event with one (what EventSource would send as Last-Event-ID). */
  lastEventId: string | null;
  /** The next event of `type` (or matching) not handed out by `next` before; rejects after `timeoutMs`. */
  next<T = unknown>(type: string | ((event: StreamEvent) => boolean), timeoutMs?: number): Promise<StreamEvent<T>>;
  /** Resolves once `count` comment lines arrived in all. */
  comment(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(
  port: number,
  host: string,
  options: { cookie?: string; lastEventId?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, accept: 'text/event-stream', 'accept-encoding': 'gzip, br', ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const req = http.request({ host: '127.0.0.1', port, path: options.path ?? '/api/events.php', headers, agent: false }, (res) => {
      const waiters = new Set<() => void>();
      const wake = () => {
        for (const waiter of [...waiters]) waiter();
      };
      let handedOut = 0;
      const taken = new Set<number>();
      let buffer = '';
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((done) => (endedResolve = done));
      const chunks: Buffer[] = [];
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => ended.then(() => decode(Buffer.concat(chunks), String(res.headers['content-encoding'] ?? ''))),
        events: [],
        comments: [],
        retry: null,
        lastEventId: options.lastEventId ?? null,
        next(type, timeoutMs = 10_000) {
          const matches = typeof type === 'string' ? (event: StreamEvent) => event.event === type : type;
          return new Promise((found, fail) => {
            const look = () => {
              for (let i = handedOut; i < stream.events.length; i++) {
                if (taken.has(i) || !matches(stream.events[i]!)) continue;
                taken.add(i);
                while (taken.has(handedOut)) handedOut++;
                waiters.delete(look);
                clearTimeout(timer);
                found(stream.events[i] as StreamEvent<never>);
                return;
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`no ${typeof type === 'string' ? type : 'matching'} event within ${timeoutMs} ms; got ${JSON.stringify(stream.events)}`));
            }, timeoutMs);
            waiters.add(look);
            look();
          });
        },
        comment(count, timeoutMs = 10_000) {
          return new Promise((done, fail) => {
            const look = () => {
              if (stream.comments.length < count) return;
              waiters.delete(look);
              clearTimeout(timer);
              done();
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`${stream.comments.length} of ${count} comments within ${timeoutMs} ms`));
            }, timeoutMs);
            waiters.add(look);
            look();
          });
        },
        ended,
        close: () => req.destroy(),
      };
      const isStream = /text\/event-stream/.test(String(res.headers['content-type']));
      res.on('data', (chunk: Buffer) => {
        if (!isStream) return void chunks.push(chunk);
        buffer += chunk.toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parseBlock(stream, buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        wake();
      });
      const finish = () => {
        endedResolve();
        wake();
      };
      res.on('end', finish);
      res.on('close', finish);
      resolve(stream);
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

function parseBlock(stream: OpenStream, block: string): void {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
    else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (id !== null) stream.lastEventId = id;
  if (data.length) stream.events.push({ id, event, data: JSON.parse(data.join('\n')) });
}

function decode(body: Buffer, encoding: string): string {
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  return body.toString('utf8');
}
