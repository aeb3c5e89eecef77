import { EventBus } from './events';

describe('EventBus', () => {
  interface Events {
    happened: { what: string; seen: string[] };
    other: { n: number };
  }

  it('calls every subscriber of a type in the order they subscribed, awaiting each, and no other type', async () => {
    const bus = new EventBus<Events>();
    const order: string[] = [];
    bus
      .on('happened', async (e) => {
        await new Promise((r) => setTimeout(r, 5));
        order.push(`a:${e.what}`);
        e.seen.push('a');
      })
      .on('happened', (e) => {
        order.push(`b:${e.what}`);
        e.seen.push('b');
      })
      .on('other', () => order.push('other'));
    const event = { what: 'x', seen: [] as string[] };
    await bus.publish('happened', event);
    expect(order).toEqual(['a:x', 'b:x']);
    // Subscribers may answer through the event (paymentApplied's refunds).
    expect(event.seen).toEqual(['a', 'b']);
    expect(bus.subscriberCount('happened')).toBe(2);
  });

  it("a subscriber's error reaches the publisher (its transaction rolls back) and later subscribers do not run", async () => {
    const bus = new EventBus<Events>();
    const ran: number[] = [];
    bus.on('other', () => {
      throw new Error('refused');
    });
    bus.on('other', (e) => ran.push(e.n));
    await expect(bus.publish('other', { n: 1 })).rejects.toThrow('refused');
    expect(ran).toEqual([]);
    await expect(new EventBus<Events>().publish('other', { n: 2 })).resolves.toBeUndefined();
  });
});
