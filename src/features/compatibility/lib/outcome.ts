import {
  brandCaveats,
  generalCaveats,
  type DeviceEntry,
  type NoteKey,
} from '../../../config/devices/device-table';

/** The colour and meaning of the result box (SPEC §2: yes green, no red, uncertain yellow, error red, info neutral). */
export type Tone = 'yes' | 'no' | 'uncertain' | 'error' | 'info';

/** Neutral messages that are not an answer about a device. */
export type InfoKey = 'empty' | 'desktop' | 'iphone' | 'unknownDevice';

export type Outcome =
  /** Answered from the device table, at once and with no AI call. */
  | { source: 'table'; tone: 'yes' | 'no'; entry: DeviceEntry; notes: NoteKey[] }
  /** Answered by the AI for a model the table does not know. */
  | { source: 'ai'; tone: 'yes' | 'no' | 'uncertain'; model: string; reason: string }
  | { source: 'error'; tone: 'error' }
  | { source: 'info'; tone: 'info'; info: InfoKey };

/**
 * The caveats to show with a table answer: the entry's own note first, then those of its brand,
 * then (for a "yes") the ones that hold for every phone. Each once.
 */
export function notesFor(entry: DeviceEntry): NoteKey[] {
  const notes: NoteKey[] = [];
  const add = (note: NoteKey | undefined) => {
    if (note && !notes.includes(note)) notes.push(note);
  };
  add(entry.note);
  if (entry.esim === 'yes') {
    brandCaveats[entry.brand].forEach(add);
    generalCaveats.forEach(add);
  }
  return notes;
}

export const tableOutcome = (entry: DeviceEntry): Outcome => ({
  source: 'table',
  tone: entry.esim,
  entry,
  notes: notesFor(entry),
});

const aiTones = { YES: 'yes', NO: 'no', UNCERTAIN: 'uncertain' } as const;

export const aiOutcome = (
  model: string,
  answer: { isCompatible: keyof typeof aiTones; reason: string },
): Outcome => ({
  source: 'ai',
  tone: aiTones[answer.isCompatible],
  model,
  reason: answer.reason.trim(),
});
