/**
 * One server instance's memory (issue #39 point 5, decision 116): what services keep between
 * requests (the order number's spare values, when the ended limit windows were swept, the
 * contact hash's secret as read). It is made with the instance's dependencies and passed in
 * `deps`, never held by a module: a test app, a Worker isolate or a restarted server starts
 * with an empty one, and nothing needs to be reset.
 */

/** A service's part of the runtime: its name and how it starts. */
export type RuntimeSlot<T> = { readonly name: string; readonly make: () => T };

export const runtimeSlot = <T>(name: string, make: () => T): RuntimeSlot<T> => ({ name, make });

export class Runtime {
  private readonly slots = new Map<RuntimeSlot<unknown>, unknown>();

  /** This instance's `slot`, made on its first use. */
  of<T>(slot: RuntimeSlot<T>): T {
    if (!this.slots.has(slot)) this.slots.set(slot, slot.make());
    return this.slots.get(slot) as T;
  }
}

/** A new instance's empty memory. */
export const createRuntime = () => new Runtime();
