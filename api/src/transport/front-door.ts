import type http from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { writeAccessLine, type Logger } from '../infrastructure/logger';
import { requestIdFor } from '../infrastructure/request-context';

/**
 * An answer kept by a route's cache (the REST catalog's list, a GraphQL catalog answer) that the
 * front door may send again. `replay` is learnt from Fastify's own reply the first time the route
 * sent this answer (every header Fastify and our hooks set, except the request's own): the front
 * door writes exactly what Fastify wrote, only sooner.
 */
export interface Replayable {
  replay?: Replay;
}

interface Replay {
  status: number;
  /**
   * Name, value, name, value… as Fastify sent them, then content-length and x-request-id, whose
   * value (the last item) is set per request just before Node reads the list (writeHead copies
   * it into the head's text at once, so one list serves every request).
   */
  head: string[];
  body: Buffer;
}

/** A GET path's lookup: the answer the route would send for this request, if it keeps one. */
type GetLookup = (req: http.IncomingMessage) => Replayable | undefined;
/** A POST path's lookup, given the body's text. */
type PostLookup = (req: http.IncomingMessage, text: string) => Replayable | undefined;

const LEARN = Symbol('front door: the kept answer this reply sends');
const BODY = Symbol('front door: the body it read before handing the request to Fastify');
type Marked = http.IncomingMessage & { [LEARN]?: Replayable; [BODY]?: Buffer };

/** Bodies the front door reads itself at most (the site's catalog queries are under 1 KB). */
export const FRONT_DOOR_BODY_LIMIT = 16 * 1024;
/** Headers Fastify writes per request: never learnt, written fresh. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The hottest reads answered before Fastify (docs/decisions/112): a request that a route would
 * answer from a kept answer, unchanged, is sent that answer from Node's request handler, with the
 * same headers, a fresh request id and the same access line. Everything else (a miss, a
 * conditional request, an answer not yet sent once by Fastify, a closing server) goes to Fastify
 * as before; a body the front door read is handed to Fastify as the request's payload.
 *
 * What an answer may be is the route's business: a route registers a lookup that returns what its
 * own cache holds for the request (valid for the current catalog snapshot only), and marks its
 * replies with `sendsKept`, from which the door learns the headers.
 */
export class FrontDoor {
  private readonly gets = new Map<string, GetLookup>();
  private readonly posts = new Map<string, PostLookup>();
  private closing = false;
  /** Requests answered by the door, and handed to Fastify after reading their body (tests, diagnostics). */
  readonly stats = { answered: 0, handedOver: 0 };

  constructor(private readonly accessLog: Logger) {}

  /** Answer GET `path` (exactly, no query string) from what `lookup` finds. */
  get(path: string, lookup: GetLookup): void {
    this.gets.set(path, lookup);
  }

  /** Answer JSON POSTs to `path` (exactly) from what `lookup` finds for their body's text. */
  post(path: string, lookup: PostLookup): void {
    this.posts.set(path, lookup);
  }

  /** From now on every request goes to Fastify (which answers 503 while closing). */
  close(): void {
    this.closing = true;
  }

  /** A route says this reply sends `answer` as it is: the door learns its headers when it is sent. */
  static sendsKept(req: FastifyRequest, answer: Replayable): void {
    if (answer.replay === undefined) (req.raw as Marked)[LEARN] = answer;
  }

  /** Fastify onSend hook (root): learn a marked reply's headers. */
  readonly learn = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
    const answer = (req.raw as Marked)[LEARN];
    if (answer !== undefined && answer.replay === undefined && (Buffer.isBuffer(payload) || typeof payload === 'string')) {
      const headers: string[] = [];
      let personal = false;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || PER_REQUEST.has(name)) continue;
        if (name === 'set-cookie' || name === 'vary') personal = true;
        headers.push(name, String(value));
      }
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      if (!personal) answer.replay = { status: reply.statusCode, head: [...headers, 'content-length', String(body.length), 'x-request-id', ''], body };
    }
    done(null, payload);
  };

  /** Fastify preParsing hook (root): a body the door read is the request's payload. */
  readonly payload = (req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload, done: (err: null, payload: RequestPayload) => void): void => {
    const body = (req.raw as Marked)[BODY];
    if (body === undefined) return done(null, payload);
    done(null, Readable.from([body], { objectMode: false }));
  };

  /** Node's request handler: the door first, then Fastify's. */
  handler(fastify: http.RequestListener): http.RequestListener {
    return (req, res) => {
      if (this.closing) return fastify(req, res);
      const started = performance.now();
      const url = req.url ?? '';
      if (req.method === 'GET') {
        const lookup = this.gets.get(url);
        // A conditional or partial request is Fastify's (a 304, a range).
        const replay = lookup && req.headers['if-none-match'] === undefined && req.headers['if-modified-since'] === undefined && req.headers.range === undefined ? lookup(req)?.replay : undefined;
        if (replay) return this.send(req, res, replay, started);
        return fastify(req, res);
      }
      if (req.method === 'POST') {
        const lookup = this.posts.get(url);
        const length = Number(req.headers['content-length']);
        if (lookup && length > 0 && length <= FRONT_DOOR_BODY_LIMIT && req.headers['transfer-encoding'] === undefined && isJson(req.headers['content-type'])) {
          return this.readThen(req, res, length, started, lookup, fastify);
        }
      }
      return fastify(req, res);
    };
  }

  private readThen(req: Marked, res: http.ServerResponse, length: number, started: number, lookup: PostLookup, fastify: http.RequestListener): void {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    req.on('data', onData);
    // A client that goes away mid-body: nothing to answer (Fastify would log the same line).
    const onError = () => this.accessLog.info({ reqId: requestIdFor(req.headers['x-request-id']), method: req.method, path: req.url }, 'request aborted by the client');
    req.once('error', onError);
    req.once('end', () => {
      req.off('error', onError);
      req.off('data', onData);
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      // Fastify checks the length against the header and decodes the text as it does (invalid
      // UTF-8 is its to answer): the door only answers a well-formed body it knows.
      const replay = received === length ? lookup(req, body.toString('utf8'))?.replay : undefined;
      if (replay) return this.send(req, res, replay, started);
      req[BODY] = body;
      this.stats.handedOver++;
      fastify(req, res);
    });
  }

  private send(req: http.IncomingMessage, res: http.ServerResponse, replay: Replay, started: number): void {
    const id = requestIdFor(req.headers['x-request-id']);
    const head = replay.head;
    head[head.length - 1] = id;
    res.writeHead(replay.status, head);
    res.end(replay.body);
    this.stats.answered++;
    // The access line Fastify's LogController (app.ts) would write.
    writeAccessLine(this.accessLog, id, req.method ?? '', req.url ?? '', replay.status, performance.now() - started);
  }
}

function isJson(type: string | undefined): boolean {
  if (type === undefined) return false;
  const semi = type.indexOf(';');
  return (semi === -1 ? type : type.slice(0, semi)).trim().toLowerCase() === 'application/json';
}
