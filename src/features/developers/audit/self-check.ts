import { operators, plans } from '#domain/catalogue';
import { env } from '../../../config/env';
import { paths } from '#domain/paths';
import { crc16ccitt } from '#domain/mmqr/crc16';
import { buildMmqrPayload, parseMmqrPayload } from '#domain/mmqr/payload';
import { examplePlan } from '../api/catalogue-views';

export type CheckResult = { name: string; passed: boolean; detail: string };

type Check = { name: string; run: () => string };

const unique = (values: readonly string[]) => new Set(values).size === values.length;

function assert(condition: boolean, detail: string): string {
  if (!condition) throw new Error(detail);
  return detail;
}

/** Checks that run in the visitor's browser against the code that is actually deployed. */
const checks: readonly Check[] = [
  {
    name: 'catalogue: plan ids are unique',
    run: () => {
      const ids = plans.map((plan) => plan.id);
      return assert(ids.length > 0 && unique(ids), ids.join(', '));
    },
  },
  {
    name: 'catalogue: prices are whole kyat amounts above zero',
    run: () =>
      assert(
        plans.every((plan) => Number.isInteger(plan.price) && plan.price > 0),
        plans.map((plan) => `${plan.id} ${plan.price} MMK`).join(', '),
      ),
  },
  {
    name: 'catalogue: exactly one popular plan, and it is on sale',
    run: () => {
      const popular = plans.filter((plan) => plan.isPopular);
      return assert(
        popular.length === 1 && popular[0]?.isAvailable === true,
        popular[0]?.id ?? '-',
      );
    },
  },
  {
    name: 'catalogue: the audit sample plans are on the catalogue',
    run: () => {
      const power = plans.find((plan) => plan.name === 'Power User');
      const tourist = plans.find((plan) => plan.name === 'Tourist Pack');
      const ok =
        power?.dataGb === 15 &&
        power.validityDays === 30 &&
        power.price === 80_000 &&
        tourist?.dataGb === 5 &&
        tourist.validityDays === 7 &&
        tourist.price === 35_000;
      return assert(ok, 'Power User 15 GB / 30 days / 80000; Tourist Pack 5 GB / 7 days / 35000');
    },
  },
  {
    name: 'carriers: four operators, MCC 414, unique MNCs',
    run: () => {
      const mncs = operators.map((operator) => operator.mnc);
      const ok =
        operators.length === 4 &&
        operators.every((operator) => operator.mcc === '414') &&
        unique(mncs);
      return assert(ok, operators.map((o) => `${o.name} 414-${o.mnc}`).join(', '));
    },
  },
  {
    name: 'mmqr: CRC-16/CCITT-FALSE check value',
    run: () => {
      const crc = crc16ccitt('123456789');
      return assert(crc === '29B1', `crc("123456789") = ${crc}`);
    },
  },
  {
    name: 'mmqr: payment code of the plan on sale',
    run: () => {
      const plan = examplePlan();
      const payload = buildMmqrPayload({
        merchantId: env.mmqr.merchantId,
        terminalId: env.mmqr.terminalId,
        merchantName: env.mmqr.merchantName,
        amount: plan.price,
        billNumber: '#NXR-20261121-093015',
      });
      const parsed = parseMmqrPayload(payload);
      const ok =
        parsed.currency === '104' &&
        parsed.country === 'MM' &&
        payload.includes('52044814') &&
        parsed.amount === plan.price &&
        parsed.merchantCity === 'Yangon' &&
        parsed.billNumber === '#NXR-20261121-093015' &&
        parsed.crcValid;
      return assert(
        ok,
        `currency 104, country MM, category 4814, amount ${plan.price.toFixed(2)}, city Yangon, CRC valid`,
      );
    },
  },
  {
    name: 'routes: every path is unique',
    run: () => {
      const all = Object.values(paths);
      return assert(unique(all), `${all.length} routes`);
    },
  },
];

export function runSelfCheck(): CheckResult[] {
  return checks.map((check) => {
    try {
      return { name: check.name, passed: true, detail: check.run() };
    } catch (error) {
      return {
        name: check.name,
        passed: false,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  });
}

const suites = [
  'type check: tsc, strict',
  'lint: ESLint with zero warnings, import boundaries, formatting check',
  'unit and component tests: Vitest and Testing Library, network mocked with MSW',
  'byte budget: the home page JavaScript under 130 KB gzip',
  'journeys: Playwright in Chromium, with axe accessibility checks in English and Burmese',
];

/** The test report shown on /audit: this browser's self-check, then the release suites. */
export function testReport(brand: string, now: Date = new Date()): string {
  const results = runSelfCheck();
  const passed = results.filter((result) => result.passed).length;
  const lines = results.map(
    (result) => `${result.passed ? 'PASS' : 'FAIL'}  ${result.name}\n      ${result.detail}`,
  );
  return [
    `${brand} platform self-check`,
    `Run in this browser at ${now.toISOString()}`,
    '',
    ...lines,
    '',
    `${passed} passed, ${results.length - passed} failed`,
    '',
    'Suites that must pass before every release (npm test):',
    ...suites.map((suite) => `  - ${suite}`),
  ].join('\n');
}
