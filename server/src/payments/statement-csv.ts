import { normalizeTransactionId } from '#domain/receipt-rules';
import { MYANMAR_UTC_OFFSET } from '#domain/myanmar-time';
import type { z } from '@hono/zod-openapi';
import { splitLine } from '../delivery/stock-csv';
import type { StatementMappingSchema } from '../staff/schemas';

/**
 * The merchant account's statement staff import (issue #23 item 3, decision 071). Pure: text
 * (and an optional column mapping for another bank's export) in, lines or every problem with
 * its line number out (the header is line 1). A file with any problem is refused whole, as the
 * stock file is.
 */

export const STATEMENT_FIELDS = [
  'transaction_id',
  'amount',
  'paid_at',
  'payer',
  'reference',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
const REQUIRED: StatementField[] = ['transaction_id', 'amount', 'paid_at'];

/**
 * Another bank's export: which of its columns holds each field, and how it writes dates.
 * `dateFormat` uses YYYY, MM, DD, HH, mm, ss (e.g. "DD/MM/YYYY HH:mm"); without it dates are
 * ISO 8601. Times without an offset are read in `utcOffset` (default Myanmar, +06:30).
 */
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

export type StatementLine = {
  line: number;
  /** Normalised with receipt-rules' normalizeTransactionId, as payments are. */
  transactionId: string;
  amount: number;
  paidAt: number;
  payer: string | null;
  reference: string | null;
};

export type StatementProblem = { line: number; problem: string };
export type StatementParse = { lines: StatementLine[]; problems: StatementProblem[] };

export const STATEMENT_MAX_LINES = 50_000;

/** Checks a mapping file's JSON; throws an Error naming what is wrong. */
export function readMapping(value: unknown): StatementMapping {
  const fail = (why: string): never => {
    throw new Error(`The column mapping is not valid: ${why}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('not an object');
  const { columns, dateFormat, utcOffset } = value as Record<string, unknown>;
  const mapping: StatementMapping = {};
  if (columns !== undefined) {
    if (typeof columns !== 'object' || columns === null) fail('"columns" is not an object');
    const out: Partial<Record<StatementField, string>> = {};
    for (const [field, column] of Object.entries(columns as Record<string, unknown>)) {
      if (!(STATEMENT_FIELDS as readonly string[]).includes(field)) {
        fail(`unknown field "${field}" (fields: ${STATEMENT_FIELDS.join(', ')})`);
      }
      if (typeof column !== 'string' || !column.trim()) fail(`"${field}" needs a column name`);
      out[field as StatementField] = (column as string).trim();
    }
    mapping.columns = out;
  }
  if (dateFormat !== undefined) {
    if (typeof dateFormat !== 'string' || !/YYYY/.test(dateFormat) || !/MM/.test(dateFormat)) {
      fail('"dateFormat" needs at least YYYY, MM and DD');
    }
    mapping.dateFormat = dateFormat as string;
  }
  if (utcOffset !== undefined) {
    if (typeof utcOffset !== 'string' || !/^[+-]\d{2}:\d{2}$/.test(utcOffset)) {
      fail('"utcOffset" is written like +06:30');
    }
    mapping.utcOffset = utcOffset as string;
  }
  return mapping;
}

/**
 * An amount as banks print it: "80000", "80,000 Ks", "80000.00 MMK", "MMK 80,000". Whole kyat
 * only (a fraction other than .00 is refused); null when it is not an amount.
 */
export function parseAmount(text: string): number | null {
  const bare = text
    .replace(/\b(MMK|Ks|Kyats?)\b\.?/gi, '')
    .replace(/[\s,]/g, '')
    .trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(bare);
  if (!match || (match[2] && Number(match[2]) !== 0)) return null;
  const amount = Number(match[1]);
  return amount > 0 && Number.isSafeInteger(amount) ? amount : null;
}

const offsetMs = (offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number) as [number, number];
  return sign * (hours * 60 + minutes) * 60_000;
};

/** A time as `format` writes it (or ISO 8601 without one), in epoch ms; null if not one. */
export function parseStatementTime(
  text: string,
  format: string | undefined,
  utcOffset = MYANMAR_UTC_OFFSET,
): number | null {
  const value = text.trim();
  if (!format) {
    const iso =
      /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
        value,
      );
    if (!iso) return null;
    const [, y, mo, d, h, mi, s = '00', zone] = iso;
    const local = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s);
    if (!validParts(local, +y!, +mo!, +d!, +h!, +mi!, +s)) return null;
    if (zone === 'Z') return local;
    const offset = zone ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : utcOffset;
    return local - offsetMs(offset);
  }
  const tokens: string[] = [];
  const pattern = format
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
      tokens.push(token);
      return token === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
    });
  const match = new RegExp(`^${pattern}$`).exec(value);
  if (!match) return null;
  const part = (token: string) => {
    const index = tokens.indexOf(token);
    return index < 0 ? 0 : Number(match[index + 1]);
  };
  const [y, mo, d, h, mi, s] = [
    part('YYYY'),
    part('MM'),
    part('DD'),
    part('HH'),
    part('mm'),
    part('ss'),
  ];
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  if (!validParts(local, y, mo, d, h, mi, s)) return null;
  return local - offsetMs(utcOffset);
}

function validParts(
  ms: number,
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
) {
  const date = new Date(ms);
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}

/** Reads a statement. Blank lines are skipped; every problem is reported with its line. */
export function parseStatementCsv(text: string, mapping: StatementMapping = {}): StatementParse {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = splitLine(rows[0] ?? '').map((cell) => cell.toLowerCase());
  const columnOf = new Map<StatementField, number>();
  const missing: string[] = [];
  for (const field of STATEMENT_FIELDS) {
    const name = (mapping.columns?.[field] ?? field).toLowerCase();
    const index = header.indexOf(name);
    if (index >= 0) columnOf.set(field, index);
    else if (REQUIRED.includes(field)) missing.push(name);
  }
  if (missing.length > 0) {
    const expected = mapping.columns
      ? `the mapped columns (${missing.join(', ')} missing)`
      : `the header ${STATEMENT_FIELDS.join(',')}`;
    return { lines: [], problems: [{ line: 1, problem: `The first line must be ${expected}.` }] };
  }
  const problems: StatementProblem[] = [];
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  for (let index = 1; index < rows.length; index += 1) {
    const raw = rows[index]!;
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = splitLine(raw);
    if (cells.length !== header.length) {
      problems.push({ line, problem: `Expected ${header.length} values, found ${cells.length}.` });
      continue;
    }
    const cell = (field: StatementField) => {
      const at = columnOf.get(field);
      return at === undefined ? '' : cells[at]!;
    };
    // A cell that looks like a spreadsheet formula is no reason to refuse the bank's file (review
    // N6: any payer sets their remark): the mapped id, amount and time are read strictly below,
    // and the payer and reference are kept verbatim as text, never evaluated.
    const lineProblems: string[] = [];
    const transactionId = normalizeTransactionId(cell('transaction_id'));
    if (!transactionId) {
      lineProblems.push(`"${cell('transaction_id')}" is not a transaction id.`);
    }
    const amount = parseAmount(cell('amount'));
    if (amount === null) lineProblems.push(`"${cell('amount')}" is not an amount in whole kyat.`);
    const paidAt = parseStatementTime(cell('paid_at'), mapping.dateFormat, mapping.utcOffset);
    if (paidAt === null) {
      lineProblems.push(
        `"${cell('paid_at')}" is not a time${mapping.dateFormat ? ` as ${mapping.dateFormat}` : ' (ISO 8601)'}.`,
      );
    }
    if (transactionId) {
      const first = seen.get(transactionId);
      if (first) lineProblems.push(`Transaction ${transactionId} is also on line ${first}.`);
      else seen.set(transactionId, line);
    }
    if (lineProblems.length > 0) {
      for (const problem of lineProblems) problems.push({ line, problem });
      continue;
    }
    lines.push({
      line,
      transactionId: transactionId!,
      amount: amount!,
      paidAt: paidAt!,
      payer: cell('payer') || null,
      reference: cell('reference') || null,
    });
  }
  if (lines.length === 0 && problems.length === 0) {
    problems.push({ line: 1, problem: 'The file has no statement lines.' });
  }
  if (lines.length + problems.length > STATEMENT_MAX_LINES) {
    problems.push({ line: 1, problem: `At most ${STATEMENT_MAX_LINES} lines per file.` });
  }
  return { lines, problems };
}
