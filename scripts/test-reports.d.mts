export type Totals = {
  readonly passed: number;
  readonly failed: number;
  /** Tests that failed, as `file > test` (Vitest) or `file > describe > test [project]`. */
  readonly names: readonly string[];
  /** Tests that failed first and passed on a retry, with the first failure's first line. */
  readonly flaky: readonly string[];
};
export const EMPTY: Totals;
export function countVitest(report: unknown, root?: string): Totals;
export function countPlaywright(report: unknown): Totals;
