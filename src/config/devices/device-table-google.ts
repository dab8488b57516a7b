import { defineDevice } from './device-entry';
import type { DeviceEntry, DeviceExtras } from './device-entry';

const yes = (name: string, extras?: DeviceExtras) => defineDevice('google', 'yes', name, extras);
const no = (name: string, extras?: DeviceExtras) =>
  defineDevice('google', 'no', name, { note: 'pre-2018', ...extras });

const popular = { popular: true } as const;
/** The Pixel 3 family has eSIM only in some countries and on some carriers. */
const regional = { note: 'regional-variant' } as const;

/** Pixel 3 (2018) and every later Pixel phone has an eSIM; the Pixel 2 and older do not. */
export const googleDevices: readonly DeviceEntry[] = [
  yes('Pixel 10 Pro Fold'),
  yes('Pixel 10 Pro XL'),
  yes('Pixel 10 Pro', popular),
  yes('Pixel 10', popular),
  yes('Pixel 9a', popular),
  yes('Pixel 9 Pro Fold'),
  yes('Pixel 9 Pro XL'),
  yes('Pixel 9 Pro', popular),
  yes('Pixel 9', popular),
  yes('Pixel 8a', popular),
  yes('Pixel 8 Pro', popular),
  yes('Pixel 8', popular),
  yes('Pixel Fold'),
  yes('Pixel 7a'),
  yes('Pixel 7 Pro'),
  yes('Pixel 7'),
  yes('Pixel 6a'),
  yes('Pixel 6 Pro'),
  yes('Pixel 6'),
  yes('Pixel 5a', { aliases: ['Pixel 5a (5G)'] }),
  yes('Pixel 5'),
  yes('Pixel 4a (5G)'),
  yes('Pixel 4a'),
  yes('Pixel 4 XL'),
  yes('Pixel 4'),
  yes('Pixel 3a XL', regional),
  yes('Pixel 3a', regional),
  yes('Pixel 3 XL', regional),
  yes('Pixel 3', regional),
  no('Pixel 2 XL'),
  no('Pixel 2'),
  no('Pixel XL'),
  no('Pixel (1st generation)', { aliases: ['Pixel 2016'] }),
];
