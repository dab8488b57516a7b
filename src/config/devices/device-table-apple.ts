import { defineDevice } from './device-entry';
import type { DeviceEntry, DeviceExtras } from './device-entry';

const yes = (name: string, extras?: DeviceExtras) => defineDevice('apple', 'yes', name, extras);
const no = (name: string, extras?: DeviceExtras) =>
  defineDevice('apple', 'no', name, { note: 'pre-2018', ...extras });

/**
 * Every iPhone from the XS, XS Max and XR (2018) on has an eSIM; older ones have none.
 * Mainland-China models are the exception (see `brandCaveats`). Newest first.
 */
export const appleDevices: readonly DeviceEntry[] = [
  yes('iPhone 17 Pro Max', { popular: true }),
  yes('iPhone 17 Pro'),
  yes('iPhone Air', { aliases: ['iPhone 17 Air'] }),
  yes('iPhone 17', { popular: true }),
  yes('iPhone 16e'),
  yes('iPhone 16 Pro Max', { popular: true }),
  yes('iPhone 16 Pro'),
  yes('iPhone 16 Plus'),
  yes('iPhone 16', { popular: true }),
  yes('iPhone 15 Pro Max', { popular: true }),
  yes('iPhone 15 Pro'),
  yes('iPhone 15 Plus'),
  yes('iPhone 15', { popular: true }),
  yes('iPhone 14 Pro Max'),
  yes('iPhone 14 Pro'),
  yes('iPhone 14 Plus'),
  yes('iPhone 14', { popular: true }),
  yes('iPhone SE (3rd generation)', { aliases: ['iPhone SE 2022', 'iPhone SE 3'] }),
  yes('iPhone 13 Pro Max'),
  yes('iPhone 13 Pro'),
  yes('iPhone 13', { popular: true }),
  yes('iPhone 13 mini'),
  yes('iPhone 12 Pro Max'),
  yes('iPhone 12 Pro'),
  yes('iPhone 12'),
  yes('iPhone 12 mini'),
  yes('iPhone SE (2nd generation)', { aliases: ['iPhone SE 2020', 'iPhone SE 2'] }),
  yes('iPhone 11 Pro Max'),
  yes('iPhone 11 Pro'),
  yes('iPhone 11'),
  yes('iPhone XS Max'),
  yes('iPhone XS'),
  yes('iPhone XR'),
  no('iPhone X', { aliases: ['iPhone 10'] }),
  no('iPhone 8 Plus'),
  no('iPhone 8'),
  no('iPhone 7 Plus'),
  no('iPhone 7'),
  no('iPhone SE (1st generation)', { aliases: ['iPhone SE 2016'] }),
  no('iPhone 6s Plus'),
  no('iPhone 6s'),
  no('iPhone 6 Plus'),
  no('iPhone 6'),
];
