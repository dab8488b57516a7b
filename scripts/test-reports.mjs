/**
 * Totals from the JSON reports of Vitest and Playwright, for the summary of `npm test`.
 * Each returns { passed, failed, names (of failed tests), flaky (passed on a retry) }; every
 * name is followed by the first line of the test's last failure, so a CI log explains itself.
 */
export const EMPTY = Object.freeze({ passed: 0, failed: 0, names: [], flaky: [] });

/**
 * Vitest's numFailedTestSuites counts every failing describe block as well as the file, so one
 * failing test would be counted two or three times. Count failing tests, plus files that failed
 * without running a test (an import error). A test that failed and then passed on CI's one retry
 * counts as passed and is named as flaky (its earlier failure stays in failureMessages).
 */
export function countVitest(report, root = '') {
  const names = [];
  const flaky = [];
  for (const file of report.testResults ?? []) {
    const path = relative(file.name, root);
    const tests = file.assertionResults ?? [];
    const failedTests = tests.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      names.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.at(-1))}`);
    if (file.status === 'failed' && failedTests.length === 0)
      names.push(`${path} (could not run: ${firstLine(file.message)})`);
    for (const test of tests)
      if (test.status === 'passed' && test.failureMessages?.length)
        flaky.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  }
  return { passed: report.numPassedTests ?? 0, failed: names.length, names, flaky };
}

/** Playwright's stats: expected (passed), unexpected (failed), flaky (passed on a retry). */
export function countPlaywright(report) {
  const stats = report.stats ?? {};
  const names = [];
  const flaky = [];
  const visit = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const name = `${[...here, spec.title].join(' > ')} [${test.projectName}]`;
        const errors = (test.results ?? []).map((result) => result.error?.message).filter(Boolean);
        if (test.status === 'unexpected')
          names.push(`${name}: ${firstLine(stripAnsi(errors.at(-1)))}`);
        if (test.status === 'flaky') flaky.push(`${name}: ${firstLine(stripAnsi(errors[0]))}`);
      }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    names,
    flaky,
  };
}

function relative(path, root) {
  return root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function firstLine(text) {
  return String(text ?? '').split('\n')[0];
}

function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
}
