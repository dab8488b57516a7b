/** The maker column a device is listed under on the /compatibility page. */
export type Brand = 'apple' | 'samsung' | 'google' | 'other';

/**
 * Why a result needs a second look. These are translation keys: the sentences live in the
 * locale files, never here.
 */
export type NoteKey =
  /** iPhones sold in mainland China have two physical SIM slots and no eSIM. */
  | 'china-iphone'
  /** A phone locked to a carrier may hide the eSIM settings or refuse other operators. */
  | 'carrier-locked'
  /** Phones released before 2018 were made without eSIM. */
  | 'pre-2018'
  /** This model was made without eSIM, although it is from 2018 or later. */
  | 'no-esim-model'
  /** eSIM depends on the country or carrier the phone was made for. */
  | 'regional-variant';

export type DeviceEntry = {
  /** Stable kebab-case id derived from the name, e.g. 'iphone-15-pro'. */
  id: string;
  brand: Brand;
  /** Display name, e.g. 'iPhone 15 Pro'. */
  name: string;
  /** Other names and model codes people type, e.g. 'SM-S918B'. */
  aliases?: string[];
  esim: 'yes' | 'no';
  /** Shown in the popular-devices grid. */
  popular?: boolean;
  note?: NoteKey;
};

export type DeviceExtras = Pick<DeviceEntry, 'aliases' | 'popular' | 'note'>;

/** 'Galaxy S20+' -> 'galaxy-s20-plus', 'Pixel 4a (5G)' -> 'pixel-4a-5g'. */
export function deviceId(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function defineDevice(
  brand: Brand,
  esim: DeviceEntry['esim'],
  name: string,
  extras: DeviceExtras = {},
): DeviceEntry {
  return { id: deviceId(name), brand, name, esim, ...extras };
}
