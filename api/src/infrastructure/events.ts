/** A subscriber of one event type: awaited in turn, in the publisher's transaction when the event carries one. */
export type EventHandler<E> = (event: E) => Promise<unknown> | unknown;

/**
 * A small typed, in-process event bus (docs/decisions/071). Events are
 * published where they happen (inside the transaction that causes them: the
 * event carries its EntityManager), and every subscriber is registered in
 * composition-root.ts, which reads as the map of reactions. A subscriber that
 * throws rolls the publisher's transaction back, like code written inline.
 */
export class EventBus<Events extends object> {
  private readonly handlers = new Map<keyof Events, Array<EventHandler<never>>>();

  /** Subscribe (composition root only). Subscribers run in the order they were added. */
  on<K extends keyof Events>(type: K, handler: EventHandler<Events[K]>): this {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler as EventHandler<never>]);
    return this;
  }

  async publish<K extends keyof Events>(type: K, event: Events[K]): Promise<void> {
    for (const handler of this.handlers.get(type) ?? []) await (handler as EventHandler<Events[K]>)(event);
  }

  /** How many subscribe to `type` (tests and docs). */
  subscriberCount(type: keyof Events): number {
    return this.handlers.get(type)?.length ?? 0;
  }
}
