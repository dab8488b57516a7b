import { runtimeSlot, type Runtime } from '../platform/runtime';

/**
 * What one server instance keeps in memory to make an order in fewer statements (decision 109),
 * in its runtime (decision 116): one second's spare values of the order
 * number sequence, and the limit keys its orders are counting on now. Only ever hints: the
 * statements in orders.ts check the database before they rely on either.
 */

/**
 * The most spare values a process holds per database in one second, those being taken included:
 * as many as its orders that take a suffix at once, up to this. A burst of orders leaves at most
 * this many values unused in its second.
 */
export const SPARE_VALUES = 16;

/** One second's spares in one process and database (decision 109). */
export class Spares {
  /** The values held, in the order the sequence gave them. */
  private readonly values: number[] = [];
  /** Orders whose statement is taking a spare now. */
  private taking = 0;

  constructor(readonly second: number) {}

  /** A spare for an order to use, if one is held. */
  take(): number | undefined {
    return this.values.shift();
  }

  /** Gives back a spare taken and not used (its number was free, or the limit refused it). */
  giveBack(value: number | undefined) {
    if (value !== undefined) this.values.unshift(value);
  }

  /**
   * Whether the order's statement should take a spare; `settle` follows the statement (one that
   * failed keeps its place until the second ends, when the set is let go).
   */
  reserve(): boolean {
    if (this.values.length + this.taking >= SPARE_VALUES) return false;
    this.taking += 1;
    return true;
  }

  /** The statement of an order that reserved (or not) is done: `value` is the spare it took. */
  settle(reserved: boolean, value: number | null | undefined) {
    if (reserved) this.taking -= 1;
    if (value != null) this.values.push(value);
  }
}

/**
 * What an instance keeps of its order numbers (its runtime's part, decision 116): the spares of
 * the latest second, the limit keys its counting statements run on now, and the second whose
 * bare number it last found taken.
 */
export const orderNumbers = runtimeSlot('order numbers', () => ({
  spares: undefined as Spares | undefined,
  counting: new Map<string, number>(),
  takenSecond: undefined as number | undefined,
}));

/**
 * The spares of `second`: those of an earlier second are let go. An order of a second already
 * past (its request began before another's) gets a set of its own, used by it alone.
 */
export function sparesOf(runtime: Runtime, second: number): Spares {
  const memory = runtime.of(orderNumbers);
  const held = memory.spares;
  if (held && held.second >= second) return held.second === second ? held : new Spares(second);
  const spares = new Spares(second);
  memory.spares = spares;
  return spares;
}

/**
 * The limit keys this instance's counting statements are running on now (its runtime's
 * `counting`), each with how many. A statement that writes an order holds its key's row (the limit's hit) until its
 * commit has waited for the disk; another order of the same key in that time waits for it. So an
 * order whose key is being counted already does not write itself in its counting statement: it
 * counts (a commit that does not wait) and then writes the order (decisions 105, 109).
 */
/** Runs `statement` as one more counting statement on `key`; `busy` says whether another was. */
export async function countingOn<T>(
  runtime: Runtime,
  key: string,
  statement: (busy: boolean) => Promise<T>,
): Promise<T> {
  const running = runtime.of(orderNumbers).counting;
  const others = running.get(key) ?? 0;
  running.set(key, others + 1);
  try {
    return await statement(others > 0);
  } finally {
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  }
}
