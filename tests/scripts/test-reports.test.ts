// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest } from '../../scripts/test-reports.mjs';

const ROOT = '/repo';

/** The shape of Vitest 4's JSON report, cut down to what the summary reads. */
function vitestReport(
  files: { name: string; status: string; message?: string; tests: object[] }[],
) {
  const tests = files.flatMap((file) => file.tests) as { status: string }[];
  return {
    numPassedTests: tests.filter((test) => test.status === 'passed').length,
    numFailedTests: tests.filter((test) => test.status === 'failed').length,
    // One failing test inside a describe makes two failing "suites": the describe and the file.
    numFailedTestSuites: 2,
    testResults: files.map((file) => ({
      name: `${ROOT}/${file.name}`,
      status: file.status,
      message: file.message ?? '',
      assertionResults: file.tests,
    })),
  };
}

describe('countVitest', () => {
  it('counts one failing test once, not once per failing suite, and names it with its error', () => {
    const totals = countVitest(
      vitestReport([
        {
          name: 'tests/a.test.ts',
          status: 'failed',
          tests: [
            { fullName: 'group passes', status: 'passed', failureMessages: [] },
            { fullName: 'group fails', status: 'failed', failureMessages: ['Error: boom\n at x'] },
          ],
        },
      ]),
      ROOT,
    );
    expect(totals).toEqual({
      passed: 1,
      failed: 1,
      names: ['tests/a.test.ts > group fails: Error: boom'],
      flaky: [],
    });
  });

  it('counts a file that could not run as one failure', () => {
    const totals = countVitest(
      vitestReport([
        {
          name: 'tests/b.test.ts',
          status: 'failed',
          message: 'Failed to load url ./missing\nstack',
          tests: [],
        },
      ]),
      ROOT,
    );
    expect(totals.failed).toBe(1);
    expect(totals.names).toEqual(['tests/b.test.ts (could not run: Failed to load url ./missing)']);
  });

  it('counts a test that passed on its retry as passed, and names it as flaky', () => {
    const totals = countVitest(
      vitestReport([
        {
          name: 'tests/c.test.ts',
          status: 'passed',
          tests: [
            {
              fullName: 'waits',
              status: 'passed',
              failureMessages: ['AssertionError: expected 1 to be 2\n at y'],
            },
          ],
        },
      ]),
      ROOT,
    );
    expect(totals).toEqual({
      passed: 1,
      failed: 0,
      names: [],
      flaky: ['tests/c.test.ts > waits: AssertionError: expected 1 to be 2'],
    });
  });
});

describe('countPlaywright', () => {
  const test = (projectName: string, status: string, ...errors: string[]) => ({
    projectName,
    status,
    results: errors.length ? errors.map((message) => ({ error: { message } })) : [{}],
  });

  it('names failed (with their last error) and flaky journeys and counts flaky ones as passed', () => {
    const totals = countPlaywright({
      stats: { expected: 3, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'purchase.spec.ts',
          specs: [{ title: 'buys a plan', tests: [test('mobile', 'expected')] }],
          suites: [
            {
              title: 'payment',
              specs: [
                {
                  title: 'expires',
                  tests: [test('desktop', 'unexpected', 'Timed out', 'Cannot fast-forward\n at x')],
                },
                {
                  title: 'verifies',
                  tests: [test('mobile', 'flaky', '\u001b[31mexpect(locator)\u001b[39m failed\n')],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(totals).toEqual({
      passed: 4,
      failed: 1,
      names: ['purchase.spec.ts > payment > expires [desktop]: Cannot fast-forward'],
      flaky: ['purchase.spec.ts > payment > verifies [mobile]: expect(locator) failed'],
    });
  });

  it('reads an empty report as nothing run', () => {
    expect(countPlaywright({})).toEqual({ passed: 0, failed: 0, names: [], flaky: [] });
  });
});
