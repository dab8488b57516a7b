import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md is the start-here map of the decision records (issue #26.8): one row
 * per record, sorted by number, with the record's title and the status the record itself states.
 * A new record that is not in the index, or a status changed in one place only, fails here.
 */

const DIR = join(process.cwd(), 'docs/decisions');
const RECORD_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;
const SECTIONS = ['Context', 'Decision', 'Consequences', 'Status'];
/** What a Status section may say first: the rest of its line is free (a date, a reason). */
const STATUS =
  /^(Accepted|Proposed|Rejected|Superseded by \d{3}|Accepted; amended by \d{3}(?:(?:, | and )\d{3})*)$/;

type DecisionRecord = { file: string; number: string; title: string; status: string; text: string };

/** The status phrase of a Status section: its first paragraph up to `(`, `:` or the sentence's end. */
function statusPhrase(section: string): string {
  const firstParagraph = (section.trim().split('\n\n')[0] ?? '').replace(/\s+/g, ' ');
  return firstParagraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .split(/\s*[(:]|\.(?:\s|$)/)[0]!
    .trim();
}

function section(text: string, heading: string): string | undefined {
  const match = new RegExp(`^## ${heading}[ \\t]*\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(
    text,
  );
  return match?.[1];
}

function readRecords(): DecisionRecord[] {
  return readdirSync(DIR)
    .filter((file) => file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(DIR, file), 'utf8');
      const number = RECORD_NAME.exec(file)?.[1] ?? '';
      const title = /^# \d{3}(?: —|:) (.+)$/m.exec(text)?.[1]?.trim() ?? '';
      const status = statusPhrase(section(text, 'Status') ?? '');
      return { file, number, title, status, text };
    });
}

type IndexRow = { number: string; link: string; title: string; status: string };

function readIndex(): IndexRow[] {
  const text = readFileSync(join(DIR, 'README.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => /^\|\s*\[\d{3}\]/.test(line))
    .map((line) => {
      const cells = line
        .replace(/^\||\|\s*$/g, '')
        .split('|')
        .map((cell) => cell.trim());
      const [numberCell = '', title = '', status = ''] = cells;
      const link = /^\[(\d{3})\]\(([^)]+)\)$/.exec(numberCell);
      return {
        number: link?.[1] ?? numberCell,
        link: link?.[2] ?? '',
        title,
        status: status.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
      };
    });
}

describe('decision records and their index (docs/decisions/README.md)', () => {
  const records = readRecords();
  const numbers = new Set(records.map((record) => record.number));

  it('reads a status phrase as the index shows it', () => {
    expect(statusPhrase('\nAccepted (2026-11-23).\n')).toBe('Accepted');
    expect(
      statusPhrase('Superseded by [017](017-lighthouse-gates-again.md): the target is met.'),
    ).toBe('Superseded by 017');
    expect(statusPhrase('Accepted; amended by 062 and 075.')).toBe(
      'Accepted; amended by 062 and 075',
    );
  });

  it('names every record NNN-slug.md, titled "# NNN — Title" with its own number', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.file, 'a record is named NNN-slug.md').toMatch(RECORD_NAME);
      expect(record.title, `${record.file} has a "# ${record.number} — Title" line`).not.toBe('');
      expect(record.text.startsWith(`# ${record.number}`), record.file).toBe(true);
    }
  });

  it('gives every record Context, Decision, Consequences and Status sections', () => {
    const missing = records.flatMap((record) =>
      SECTIONS.filter((heading) => !section(record.text, heading)?.trim()).map(
        (heading) => `${record.file}: ## ${heading}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('states each status in the known words, superseded or amended only by a later record', () => {
    for (const record of records) {
      expect(record.status, `${record.file}'s ## Status`).toMatch(STATUS);
      for (const later of record.status.match(/\d{3}/g) ?? []) {
        expect(numbers.has(later), `${record.file} names ${later}, which exists`).toBe(true);
        expect(Number(later), `${record.file} names a later record`).toBeGreaterThan(
          Number(record.number),
        );
      }
    }
  });

  it('indexes every record once, sorted by number, with its title and its status', () => {
    const rows = readIndex();
    expect(rows.map((row) => row.number)).toEqual(records.map((record) => record.number));
    expect(rows).toEqual(
      records.map((record) => ({
        number: record.number,
        link: record.file,
        title: record.title,
        status: record.status,
      })),
    );
  });
});
