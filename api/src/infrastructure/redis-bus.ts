import crypto from 'node:crypto';
import Redis, { type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

/**
 * `detail`: what changed, as the publisher said it (e.g. the ids of the rows); undefined when
 * unknown (published without one, or run once after a reconnect): drop everything of the topic.
 */
export type BusHandler = (detail?: string) => void;

/**
 * Tells the other app instances that something they cache changed (Redis
 * pub/sub): "topic X changed". Knows no domain; callers name their topics.
 *
 * Two connections: a subscriber connection cannot issue other commands. A
 * message from this process is ignored on arrival (it acted locally already).
 * Delivery is best effort: while Redis is down publishes are dropped, not
 * queued, and on every reconnect of the subscriber each handler runs once (a
 * message may have been missed); callers keep their own expiry as a safety net.
 * Errors are logged, never thrown: a Redis outage must not take the site down.
 */
export class RedisBus {
  /** Tells this process's messages from the others'. */
  readonly instanceId = crypto.randomBytes(8).toString('hex');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, BusHandler[]>();
  private ready = false;
  private warned = false;
  private closed = false;

  constructor(
    url: string,
    private readonly logger?: Logger,
    /** Prefix of every channel, e.g. one per database so that two sites on one Redis do not mix. */
    private readonly namespace = 'bus:',
  ) {
    const options: RedisOptions = {
      connectTimeout: 2000,
      // Reconnect forever, at most every 2 s: the bus comes back by itself after an outage.
      retryStrategy: (times) => Math.min(times * 100, 2000),
      lazyConnect: false,
    };
    // No offline queue on the publisher: a change published while Redis is down is stale by the
    // time it comes back (the receivers' expiry covers it), and queued commands would pile up.
    this.publisher = new Redis(url, { ...options, connectionName: `bus-pub-${this.instanceId}`, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
    this.subscriber = new Redis(url, { ...options, connectionName: `bus-sub-${this.instanceId}`, autoResubscribe: true, maxRetriesPerRequest: null });
    this.publisher.on('error', (e) => this.warnOnce(e));
    this.subscriber.on('error', (e) => this.warnOnce(e));
    this.subscriber.on('message', (channel: string, message: string) => {
      // The message: the publisher's instance id, then optionally a space and the detail.
      const space = message.indexOf(' ');
      const from = space < 0 ? message : message.slice(0, space);
      if (from === this.instanceId || !channel.startsWith(this.namespace)) return;
      this.run(channel.slice(this.namespace.length), space < 0 ? undefined : message.slice(space + 1));
    });
    this.subscriber.on('ready', () => {
      // First connection: nothing can have been missed. Later ones: run every handler once.
      if (this.ready) {
        this.logger?.info('change bus (Redis) reconnected: dropping local caches once');
        for (const topic of this.handlers.keys()) this.run(topic);
      }
      this.ready = true;
      this.warned = false;
    });
  }

  /**
   * Run `handler` whenever another instance publishes `topic`. Resolves once
   * subscribed; while Redis is unreachable that waits (the command is queued
   * until the connection is up), so callers need not await it.
   */
  async subscribe(topic: string, handler: BusHandler): Promise<void> {
    const list = this.handlers.get(topic);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(topic, [handler]);
    try {
      await this.subscriber.subscribe(this.namespace + topic);
    } catch (e) {
      this.warnOnce(e); // only when closed meanwhile: the queued command is dropped
    }
  }

  /**
   * Tell the other instances that `topic` changed, optionally saying what (`detail`, no
   * newline). Never throws; resolves when sent (or dropped).
   */
  async publish(topic: string, detail?: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.publisher.publish(this.namespace + topic, detail ? `${this.instanceId} ${detail}` : this.instanceId);
    } catch (e) {
      this.warnOnce(e);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // QUIT lets the server close the socket now; disconnect() alone leaves it to a 2 s timer.
    await Promise.all(
      [this.publisher, this.subscriber].map(async (connection) => {
        if (connection.status === 'ready') {
          try {
            await connection.quit();
            return;
          } catch {
            // fall through
          }
        }
        connection.disconnect();
      }),
    );
  }

  private run(topic: string, detail?: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(detail);
      } catch (e) {
        this.logger?.error({ err: e, topic }, 'change bus handler failed');
      }
    }
  }

  private warnOnce(e: unknown): void {
    if (this.warned || this.closed) return;
    this.warned = true;
    this.logger?.warn({ err: (e as Error).message }, 'change bus (Redis) unavailable: other instances see changes only when their caches expire');
  }
}
