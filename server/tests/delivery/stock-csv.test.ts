import { describe, expect, it } from 'vitest';
import {
  iccidProblem,
  luhnValid,
  parseActivationCode,
  parseStockCsv,
} from '../../src/delivery/stock-csv';
import { activationCode, iccid, STOCK_HEADER, stockCsv } from '../support/stock';

describe('the stock file validator', () => {
  it('reads good rows, mapping operator names to the catalogue ids', () => {
    const { rows, problems } = parseStockCsv(
      `\uFEFF${STOCK_HEADER}\r\nMPT,power-30,${iccid(1)},${activationCode(1)}\r\nooredoo,power-30,${iccid(2)},${activationCode(2)}\r\n\r\n`,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        operatorId: 'mpt',
        planId: 'power-30',
        iccid: iccid(1),
        activationCode: activationCode(1),
      },
      {
        line: 3,
        operatorId: 'ooredoo',
        planId: 'power-30',
        iccid: iccid(2),
        activationCode: activationCode(2),
      },
    ]);
  });

  it('refuses a bad Luhn digit, a duplicate and an unknown operator, each with its line', () => {
    const good = iccid(3);
    const badLuhn = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    const csv = [
      STOCK_HEADER,
      `MPT,power-30,${iccid(1)},${activationCode(1)}`,
      `MPT,power-30,${badLuhn},${activationCode(3)}`,
      `MPT,power-30,${iccid(4)},${activationCode(4)}`,
      `MPT,power-30,${iccid(1)},${activationCode(5)}`,
      `Telenor,power-30,${iccid(6)},${activationCode(6)}`,
    ].join('\n');
    const { problems } = parseStockCsv(csv);
    expect(problems.map((problem) => problem.line)).toEqual([3, 5, 6]);
    expect(problems[0]!.problem).toMatch(/Luhn/);
    expect(problems[1]!.problem).toMatch(/also on line 2/);
    expect(problems[2]!.problem).toMatch(/Unknown operator "Telenor"/);
  });

  it.each([
    ['a plan not on sale', `MPT,tourist-7,${iccid(1)},${activationCode(1)}`, /not on sale/],
    ['an unknown plan', `MPT,mega-99,${iccid(1)},${activationCode(1)}`, /Unknown plan/],
    ['a short ICCID', `MPT,power-30,8995123,${activationCode(1)}`, /19–20 digits/],
    [
      'an ICCID not starting 89',
      `MPT,power-30,1${iccid(1).slice(1)},${activationCode(1)}`,
      /start with 89/,
    ],
    ['a code without LPA:1$', `MPT,power-30,${iccid(1)},smdp.example.com$K2-1`, /LPA:1\$/],
    ['a code without a matching id', `MPT,power-30,${iccid(1)},LPA:1$smdp.example.com$`, /LPA:1\$/],
    ['a duplicate code', `MPT,power-30,${iccid(2)},${activationCode(9)}`, /also on line 2/],
    ['three values', `MPT,power-30,${iccid(1)}`, /Expected 4 values/],
  ])('refuses %s', (_name, line, problem) => {
    const first = `MPT,power-30,${iccid(8)},${activationCode(9)}`;
    const { problems } = parseStockCsv(`${STOCK_HEADER}\n${first}\n${line}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 3 });
    expect(problems[0]!.problem).toMatch(problem);
  });

  it('refuses a file without the header, and an empty one', () => {
    expect(parseStockCsv('iccid,operator\n1,2').problems).toEqual([
      { line: 1, problem: expect.stringMatching(/header/) as unknown as string },
    ]);
    expect(parseStockCsv(`${STOCK_HEADER}\n\n`).problems[0]!.problem).toMatch(/no profiles/);
  });

  it('checks the Luhn digit and the LPA parts', () => {
    expect(luhnValid('89014103211118510720')).toBe(true);
    expect(luhnValid('89014103211118510721')).toBe(false);
    expect(iccidProblem('89014103211118510720')).toBeNull();
    expect(parseActivationCode('LPA:1$smdp.io:443$ABC-123')).toEqual({
      smdpAddress: 'smdp.io:443',
      matchingId: 'ABC-123',
    });
    expect(parseStockCsv(stockCsv(3)).rows).toHaveLength(3);
  });
});
