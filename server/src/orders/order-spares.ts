/**
 * What one server process keeps in memory to make an order in fewer statements (decision 109),
 * per database (a process may hold several: tests): one second's spare values of the order
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

/** Per database (a process may hold several: tests), the spares of the latest second. */
const sparesByDatabase = new WeakMap<object, Spares>();

/**
 * Lets go of this process's spares for `database`: for a sequence that started again (the
 * tests' `TRUNCATE … RESTART IDENTITY`), whose values the spares would meet again.
 */
export function forgetSpares(database: { db: object }) {
  sparesByDatabase.delete(database.db);
}

/**
 * The spares of `second`: those of an earlier second are let go. An order of a second already
 * past (its request began before another's) gets a set of its own, used by it alone.
 */
export function sparesOf(db: object, second: number): Spares {
  const held = sparesByDatabase.get(db);
  if (held && held.second >= second) return held.second === second ? held : new Spares(second);
  const spares = new Spares(second);
  sparesByDatabase.set(db, spares);
  return spares;
}

/**
 * Per database, the limit keys this process's counting statements are running on now, each with
 * how many. A statement that writes an order holds its key's row (the limit's hit) until its
 * commit has waited for the disk; another order of the same key in that time waits for it. So an
 * order whose key is being counted already does not write itself in its counting statement: it
 * counts (a commit that does not wait) and then writes the order (decisions 105, 109).
 */
const countingNow = new WeakMap<object, Map<string, number>>();

/** Runs `statement` as one more counting statement on `key`; `busy` says whether another was. */
export async function countingOn<T>(
  db: object,
  key: string,
  statement: (busy: boolean) => Promise<T>,
): Promise<T> {
  let running = countingNow.get(db);
  if (!running) countingNow.set(db, (running = new Map()));
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
