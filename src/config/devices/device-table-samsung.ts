import { defineDevice } from './device-entry';
import type { DeviceEntry, DeviceExtras } from './device-entry';

/** `codes` are international (B/F) model numbers, the ones sold in Southeast Asia. */
const yes = (name: string, codes: string[] = [], extras?: DeviceExtras) =>
  defineDevice('samsung', 'yes', name, { aliases: codes, ...extras });
const no = (name: string, codes: string[], extras?: DeviceExtras) =>
  defineDevice('samsung', 'no', name, { aliases: codes, ...extras });

const popular = { popular: true } as const;
/** A-series phones got eSIM only in some markets. */
const regional = { note: 'regional-variant' } as const;

/**
 * Galaxy S20 and later S phones, Note20, every foldable and the eSIM A-series. The S20 FE and
 * S21 FE are left out on purpose: eSIM on them depends too much on the market, so the AI
 * check answers for them. Newest first within each line.
 */
export const samsungDevices: readonly DeviceEntry[] = [
  yes('Galaxy S25 Ultra', ['SM-S938B'], popular),
  yes('Galaxy S25 Edge', ['SM-S937B']),
  yes('Galaxy S25+', ['SM-S936B']),
  yes('Galaxy S25', ['SM-S931B'], popular),
  yes('Galaxy S25 FE'),
  yes('Galaxy S24 Ultra', ['SM-S928B'], popular),
  yes('Galaxy S24+', ['SM-S926B']),
  yes('Galaxy S24', ['SM-S921B']),
  yes('Galaxy S24 FE', ['SM-S721B']),
  yes('Galaxy S23 Ultra', ['SM-S918B'], popular),
  yes('Galaxy S23+', ['SM-S916B']),
  yes('Galaxy S23', ['SM-S911B']),
  yes('Galaxy S23 FE', ['SM-S711B']),
  yes('Galaxy S22 Ultra', ['SM-S908B']),
  yes('Galaxy S22+', ['SM-S906B']),
  yes('Galaxy S22', ['SM-S901B']),
  yes('Galaxy S21 Ultra', ['SM-G998B']),
  yes('Galaxy S21+', ['SM-G996B']),
  yes('Galaxy S21', ['SM-G991B']),
  yes('Galaxy S20 Ultra', ['SM-G988B']),
  yes('Galaxy S20+', ['SM-G985F', 'SM-G986B']),
  yes('Galaxy S20', ['SM-G980F', 'SM-G981B']),
  yes('Galaxy Note20 Ultra', ['SM-N985F', 'SM-N986B']),
  yes('Galaxy Note20', ['SM-N980F', 'SM-N981B']),
  yes('Galaxy Z Fold7', ['SM-F966B'], popular),
  yes('Galaxy Z Fold6', ['SM-F956B']),
  yes('Galaxy Z Fold5', ['SM-F946B']),
  yes('Galaxy Z Fold4', ['SM-F936B']),
  yes('Galaxy Z Fold3', ['SM-F926B']),
  yes('Galaxy Z Fold2', ['SM-F916B']),
  yes('Galaxy Fold', ['SM-F900F'], regional),
  yes('Galaxy Z Flip7', ['SM-F766B'], popular),
  yes('Galaxy Z Flip6', ['SM-F741B']),
  yes('Galaxy Z Flip5', ['SM-F731B']),
  yes('Galaxy Z Flip4', ['SM-F721B']),
  yes('Galaxy Z Flip3', ['SM-F711B']),
  yes('Galaxy Z Flip 5G', ['SM-F707B']),
  yes('Galaxy Z Flip', ['SM-F700F']),
  yes('Galaxy A56', ['SM-A566B'], { ...regional, ...popular }),
  yes('Galaxy A36', ['SM-A366B'], regional),
  yes('Galaxy A55', ['SM-A556B'], { ...regional, ...popular }),
  yes('Galaxy A35', ['SM-A356B'], regional),
  yes('Galaxy A54', ['SM-A546B'], regional),
  no('Galaxy S10+', ['SM-G975F'], { note: 'no-esim-model' }),
  no('Galaxy S10', ['SM-G973F'], { note: 'no-esim-model' }),
  no('Galaxy S10e', ['SM-G970F'], { note: 'no-esim-model' }),
  no('Galaxy S9+', ['SM-G965F'], { note: 'pre-2018' }),
  no('Galaxy S9', ['SM-G960F'], { note: 'pre-2018' }),
];
