import crypto from 'node:crypto';
import Redis from 'ioredis';
import { RedisBus } from './redis-bus';

// Needs a Redis server: CI sets TEST_REDIS_URL (and starts Redis if it is stopped).
const url = process.env.TEST_REDIS_URL;
const describeRedis = url ? describe : describe.skip;

/** Resolves when `count()` reaches `n`, or rejects after `ms`. */
async function until(count: () => number, n: number, ms = 1000): Promise<number> {
  const started = Date.now();
  while (count() < n) {
    if (Date.now() - started > ms) throw new Error(`only ${count()} of ${n} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
}

describeRedis('RedisBus (change notices between app instances)', () => {
  const buses: RedisBus[] = [];
  const bus = (namespace: string) => {
    const b = new RedisBus(url!, undefined, namespace);
    buses.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  const ns = () => `test-${crypto.randomBytes(4).toString('hex')}:`;

  it('a publish reaches the other instances within a second, not the publisher itself', async () => {
    const namespace = ns();
    const [a, b, c] = [bus(namespace), bus(namespace), bus(namespace)];
    const heard = { a: 0, b: 0, c: 0 };
    await a.subscribe('catalog', () => heard.a++);
    await b.subscribe('catalog', () => heard.b++);
    await c.subscribe('catalog', () => heard.c++);
    await a.publish('catalog');
    await until(() => heard.b, 1);
    await until(() => heard.c, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual({ a: 0, b: 1, c: 1 });
  });

  it('carries what changed (the detail) to the other instances; a publish without one has none', async () => {
    const namespace = ns();
    const [a, b] = [bus(namespace), bus(namespace)];
    const details: Array<string | undefined> = [];
    await b.subscribe('catalog', (detail) => details.push(detail));
    await a.publish('catalog', 'zion-canyon-light,alaska-bears-glaciers');
    await until(() => details.length, 1);
    await a.publish('catalog');
    await until(() => details.length, 2);
    expect(details).toEqual(['zion-canyon-light,alaska-bears-glaciers', undefined]);
  });

  it('keeps topics and namespaces (one per database) apart', async () => {
    const namespace = ns();
    const a = bus(namespace);
    const b = bus(namespace);
    const elsewhere = bus(ns());
    const heard = { catalog: 0, other: 0, elsewhere: 0 };
    await b.subscribe('catalog', () => heard.catalog++);
    await b.subscribe('other', () => heard.other++);
    await elsewhere.subscribe('catalog', () => heard.elsewhere++);
    await a.publish('other');
    await until(() => heard.other, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual({ catalog: 0, other: 1, elsewhere: 0 });
  });

  it('a handler that throws does not stop the others', async () => {
    const namespace = ns();
    const a = bus(namespace);
    const b = bus(namespace);
    let heard = 0;
    await b.subscribe('catalog', () => {
      throw new Error('boom');
    });
    await b.subscribe('catalog', () => heard++);
    await a.publish('catalog');
    await until(() => heard, 1);
  });

  it('after its connection drops it reconnects, runs each handler once (a notice may be lost) and hears later publishes', async () => {
    const namespace = ns();
    const a = bus(namespace);
    const b = bus(namespace);
    let heard = 0;
    await b.subscribe('catalog', () => heard++);
    const admin = new Redis(url!);
    try {
      const clients = (await admin.client('LIST')) as string;
      const line = clients.split('\n').find((l) => l.includes(`name=bus-sub-${b.instanceId}`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
    } finally {
      admin.disconnect();
    }
    await until(() => heard, 1, 3000); // the reconnect itself
    await a.publish('catalog');
    await until(() => heard, 2, 1000); // resubscribed
  });

  it('never throws and never crashes the process when Redis is unreachable', async () => {
    const dead = new RedisBus('redis://127.0.0.1:9', undefined, ns());
    void dead.subscribe('catalog', () => undefined); // waits for a connection that never comes
    await expect(dead.publish('catalog')).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 300)); // a few reconnect attempts, their errors handled
    await expect(dead.publish('catalog')).resolves.toBeUndefined();
    await dead.close();
    // ioredis keeps a 2 s timer for a socket that was never up: let it run out so Jest exits cleanly.
    await new Promise((r) => setTimeout(r, 2100));
  });
});
