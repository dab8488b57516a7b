import { describe, expect, it } from 'vitest';
import { matchDevice } from '../../../../src/features/compatibility/lib/match-device';
import {
  aiOutcome,
  notesFor,
  tableOutcome,
} from '../../../../src/features/compatibility/lib/outcome';

const entry = (name: string) => {
  const found = matchDevice(name);
  if (!found) throw new Error(`${name} is not in the table`);
  return found.entry;
};

describe('compatibility outcomes', () => {
  it('adds the brand and general caveats to a yes, once each', () => {
    expect(notesFor(entry('iPhone 15 Pro'))).toEqual([
      'china-iphone',
      'carrier-locked',
      'regional-variant',
    ]);
    expect(notesFor(entry('Pixel 3'))).toEqual(['regional-variant', 'carrier-locked']);
  });

  it('gives a no only its own note', () => {
    expect(tableOutcome(entry('iPhone 8'))).toMatchObject({ tone: 'no', notes: ['pre-2018'] });
    expect(tableOutcome(entry('Galaxy S10'))).toMatchObject({
      tone: 'no',
      notes: ['no-esim-model'],
    });
  });

  it('maps the AI answer to a tone', () => {
    expect(aiOutcome('X', { isCompatible: 'YES', reason: ' It has one. ' })).toEqual({
      source: 'ai',
      tone: 'yes',
      model: 'X',
      reason: 'It has one.',
    });
    expect(aiOutcome('X', { isCompatible: 'UNCERTAIN', reason: 'Depends.' }).tone).toBe(
      'uncertain',
    );
    expect(aiOutcome('X', { isCompatible: 'NO', reason: 'None.' }).tone).toBe('no');
  });
});
