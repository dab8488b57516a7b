import { findPlan, operators, type OperatorId } from '#domain/catalogue';

/**
 * The stock file staff import (issue #17): `operator,plan,iccid,activation_code`, one eSIM
 * profile per line. Pure: it reads text and answers rows or every problem with its line number
 * (the header is line 1). A file with any problem is refused whole (decision 037).
 */

export const STOCK_CSV_HEADER = ['operator', 'plan', 'iccid', 'activation_code'] as const;

export type StockRow = {
  line: number;
  operatorId: OperatorId;
  planId: string;
  iccid: string;
  activationCode: string;
};

export type StockProblem = { line: number; problem: string };

export type StockParse = { rows: StockRow[]; problems: StockProblem[] };

/** The most lines one import takes (a larger file is split by staff). */
export const STOCK_CSV_MAX_ROWS = 10_000;

/** True when the last digit of `digits` is its Luhn check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit that completes `body` (for tests and sample files). */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${body}${digit}`)) return String(digit);
  }
  return '0';
}

/** SM-DP+ address: a host name (with an optional port); the matching ID: letters, digits, -. */
const ACTIVATION_CODE =
  /^LPA:1\$((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d{1,5})?)\$([A-Za-z0-9-]{1,64})$/;

/** `{ smdpAddress, matchingId }` of an `LPA:1$host$id` activation code, or null. */
export function parseActivationCode(code: string) {
  const match = ACTIVATION_CODE.exec(code);
  return match ? { smdpAddress: match[1]!, matchingId: match[2]! } : null;
}

/** The ICCID problem, if any: 19–20 digits, starting 89, valid Luhn check digit. */
export function iccidProblem(iccid: string): string | null {
  if (!/^\d{19,20}$/.test(iccid)) return `ICCID "${iccid}" is not 19–20 digits.`;
  if (!iccid.startsWith('89')) return `ICCID ${iccid} does not start with 89.`;
  if (!luhnValid(iccid)) return `ICCID ${iccid} has a wrong check digit (Luhn).`;
  return null;
}

const operatorByName = (text: string) => {
  const wanted = text.trim().toLowerCase();
  return operators.find((operator) => operator.name.toLowerCase() === wanted);
};

/** Splits one CSV line: commas, optional double quotes ("" inside quotes is a quote). */
export function splitLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** Reads a stock file. Blank lines are skipped; every problem is reported with its line. */
export function parseStockCsv(text: string): StockParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const problems: StockProblem[] = [];
  const rows: StockRow[] = [];
  const header = splitLine(lines[0] ?? '').map((cell) => cell.toLowerCase());
  if (header.join(',') !== STOCK_CSV_HEADER.join(',')) {
    return {
      rows: [],
      problems: [
        { line: 1, problem: `The first line must be the header ${STOCK_CSV_HEADER.join(',')}.` },
      ],
    };
  }
  const seenIccid = new Map<string, number>();
  const seenCode = new Map<string, number>();
  for (let index = 1; index < lines.length; index += 1) {
    const raw = lines[index]!;
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = splitLine(raw);
    if (cells.length !== STOCK_CSV_HEADER.length) {
      problems.push({ line, problem: `Expected 4 values, found ${cells.length}.` });
      continue;
    }
    const [operatorName, planId, iccid, activationCode] = cells as [string, string, string, string];
    const lineProblems: string[] = [];
    const operator = operatorByName(operatorName);
    if (!operator) {
      lineProblems.push(
        `Unknown operator "${operatorName}" (expected ${operators.map((o) => o.name).join(', ')}).`,
      );
    }
    const plan = findPlan(planId);
    if (!plan) lineProblems.push(`Unknown plan "${planId}".`);
    else if (!plan.isAvailable) lineProblems.push(`The plan ${planId} is not on sale.`);
    const badIccid = iccidProblem(iccid);
    if (badIccid) lineProblems.push(badIccid);
    if (!parseActivationCode(activationCode)) {
      lineProblems.push(
        `Activation code "${activationCode}" is not LPA:1$<SM-DP+ address>$<matching ID>.`,
      );
    }
    const iccidSeen = seenIccid.get(iccid);
    if (iccidSeen) lineProblems.push(`ICCID ${iccid} is also on line ${iccidSeen}.`);
    else seenIccid.set(iccid, line);
    const codeSeen = seenCode.get(activationCode);
    if (codeSeen) lineProblems.push(`The activation code is also on line ${codeSeen}.`);
    else seenCode.set(activationCode, line);
    if (lineProblems.length > 0) {
      for (const problem of lineProblems) problems.push({ line, problem });
      continue;
    }
    rows.push({ line, operatorId: operator!.id, planId, iccid, activationCode });
  }
  if (rows.length === 0 && problems.length === 0) {
    problems.push({ line: 1, problem: 'The file has no profiles.' });
  }
  if (rows.length + problems.length > STOCK_CSV_MAX_ROWS) {
    problems.push({ line: 1, problem: `At most ${STOCK_CSV_MAX_ROWS} profiles per file.` });
  }
  return { rows, problems };
}
