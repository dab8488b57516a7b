import type { Brand, DeviceEntry, NoteKey } from './device-entry';
import { appleDevices } from './device-table-apple';
import { googleDevices } from './device-table-google';
import { otherDevices } from './device-table-other';
import { samsungDevices } from './device-table-samsung';

export type { Brand, DeviceEntry, NoteKey } from './device-entry';

/**
 * Every known device, grouped Apple, Samsung, Google, Other, newest first within a group. Shared
 * data (decision 008): the /compatibility checker answers from it, and the /audit catalogue lists
 * its eSIM phones as `supported_devices`, so the two cannot disagree. Keep it out of the home
 * page's static imports: it belongs to those two lazy routes.
 */
export const deviceTable: readonly DeviceEntry[] = [
  ...appleDevices,
  ...samsungDevices,
  ...googleDevices,
  ...otherDevices,
];

export const brands: readonly Brand[] = ['apple', 'samsung', 'google', 'other'];

/** Caveats that hold for any "yes": the UI can show them under every positive result. */
export const generalCaveats = [
  'carrier-locked',
  'regional-variant',
] as const satisfies readonly NoteKey[];

/** Caveats that hold for a whole brand, shown with any result for that brand. */
export const brandCaveats: Readonly<Record<Brand, readonly NoteKey[]>> = {
  apple: ['china-iphone'],
  samsung: [],
  google: [],
  other: [],
};

/** The popular-devices grid: one column per brand, in table order. */
export function popularByBrand(): Record<Brand, DeviceEntry[]> {
  const grid: Record<Brand, DeviceEntry[]> = { apple: [], samsung: [], google: [], other: [] };
  for (const entry of deviceTable) {
    if (entry.popular) grid[entry.brand].push(entry);
  }
  return grid;
}
