import type { Deps } from '../deps';

/**
 * An order's changes told to the requests that wait for them in this process (issue #40
 * point 5): the order stream (GET /api/orders/{id}/stream) listens, a payment accepted here
 * tells it at once. Other instances of the server learn of it by the stream's short database
 * poll instead; nothing here is shared between processes.
 */
export type OrderEvents = {
  /** Calls `listener` whenever `changed(orderId)` is told; returns the unsubscribe. */
  subscribe(orderId: string, listener: () => void): () => void;
  changed(orderId: string): void;
  /** How many listeners wait (for the tests and the status page). */
  size(): number;
};

export function createOrderEvents(): OrderEvents {
  const listeners = new Map<string, Set<() => void>>();
  return {
    subscribe(orderId, listener) {
      let set = listeners.get(orderId);
      if (!set) listeners.set(orderId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(orderId);
      };
    },
    changed(orderId) {
      for (const listener of [...(listeners.get(orderId) ?? [])]) listener();
    },
    size: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** Deps made without events (a CLI, a hand-made test) get their own, kept with them. */
const madeFor = new WeakMap<object, OrderEvents>();

/** The process's order events: deps.orderEvents, or one kept for these deps. */
export function orderEventsOf(deps: Pick<Deps, 'orderEvents'>): OrderEvents {
  if (deps.orderEvents) return deps.orderEvents;
  let events = madeFor.get(deps);
  if (!events) madeFor.set(deps, (events = createOrderEvents()));
  return events;
}
