import { describe, it, expect } from 'vitest';
import {
  brandCaveats,
  brands,
  deviceTable,
  generalCaveats,
  popularByBrand,
} from '../../../../src/config/devices/device-table';
import {
  matchDevice,
  normalizeModel,
  searchKeys,
} from '../../../../src/features/compatibility/lib/match-device';

describe('normalizeModel', () => {
  it.each([
    ['iPhone15ProMax', 'iphone 15 pro max'],
    ['  IPHONE   15  PRO ', 'iphone 15 pro'],
    ['i phone 15 pro', 'iphone 15 pro'],
    ['ip15 pro', 'iphone 15 pro'],
    ['SM-S918B/DS', 'sm s 918 b ds'],
    ['SMS918B', 'sm s 918 b'],
    ['Galaxy S20+', 'galaxy s 20 plus'],
    ['zflip5', 'z flip 5'],
    ['iPhone SE (2nd generation)', 'iphone se 2'],
    ['iPhone 15 Pro Max 256GB', 'iphone 15 pro max'],
    ['ｉＰｈｏｎｅ　１５', 'iphone 15'],
    ['iPhone ၁၅ Pro', 'iphone 15 pro'],
    ['One Plus 13', 'oneplus 13'],
    ['ဖုန်း', ''],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeModel(input)).toBe(expected);
  });
});

describe('matchDevice', () => {
  it.each([
    // Apple, with the shorthand people type
    ['iPhone 15 Pro', 'iphone-15-pro', 'yes'],
    ['ip15 pro', 'iphone-15-pro', 'yes'],
    ['iphone15pro', 'iphone-15-pro', 'yes'],
    ['IPHONE 15 PRO', 'iphone-15-pro', 'yes'],
    ['i phone 15 pro', 'iphone-15-pro', 'yes'],
    ['apple iphone 15 pro', 'iphone-15-pro', 'yes'],
    ['iPhone15ProMax', 'iphone-15-pro-max', 'yes'],
    ['iPhone 15 Pro Max 256GB', 'iphone-15-pro-max', 'yes'],
    ['iphone 15+', 'iphone-15-plus', 'yes'],
    ['ｉＰｈｏｎｅ　１５', 'iphone-15', 'yes'],
    ['iPhone ၁၅ Pro ဖုန်း', 'iphone-15-pro', 'yes'],
    ['iPhone 17 Pro Max', 'iphone-17-pro-max', 'yes'],
    ['iphone air', 'iphone-air', 'yes'],
    ['iPhone 17 Air', 'iphone-air', 'yes'],
    ['iPhone 16e', 'iphone-16e', 'yes'],
    ['iPhone XR', 'iphone-xr', 'yes'],
    ['iphone xsmax', 'iphone-xs-max', 'yes'],
    ['iPhone SE 2nd gen', 'iphone-se-2nd-generation', 'yes'],
    ['iphone se 2022', 'iphone-se-3rd-generation', 'yes'],
    ['iPhone SE (1st generation)', 'iphone-se-1st-generation', 'no'],
    ['iPhone X', 'iphone-x', 'no'],
    ['iPhone 8 Plus', 'iphone-8-plus', 'no'],
    // Samsung, by name and by model code
    ['s23 ultra', 'galaxy-s23-ultra', 'yes'],
    ['galaxy s23ultra', 'galaxy-s23-ultra', 'yes'],
    ['samsung s23 ultra', 'galaxy-s23-ultra', 'yes'],
    ['Samsung Galaxy S23 Ultra 5G', 'galaxy-s23-ultra', 'yes'],
    ['SM-S918B', 'galaxy-s23-ultra', 'yes'],
    ['sm-s918b/ds', 'galaxy-s23-ultra', 'yes'],
    ['SM-S928B', 'galaxy-s24-ultra', 'yes'],
    ['z flip 5', 'galaxy-z-flip5', 'yes'],
    ['zflip5', 'galaxy-z-flip5', 'yes'],
    ['Galaxy Z Flip 5G', 'galaxy-z-flip-5g', 'yes'],
    ['Galaxy Z Fold 6', 'galaxy-z-fold6', 'yes'],
    ['fold7', 'galaxy-z-fold7', 'yes'],
    ['galaxy s20+', 'galaxy-s20-plus', 'yes'],
    ['S25 Edge', 'galaxy-s25-edge', 'yes'],
    ['note 20 ultra', 'galaxy-note20-ultra', 'yes'],
    ['samsung a55', 'galaxy-a55', 'yes'],
    ['Galaxy S10', 'galaxy-s10', 'no'],
    ['S9+', 'galaxy-s9-plus', 'no'],
    // Google
    ['pixel8a', 'pixel-8a', 'yes'],
    ['google pixel 8 pro', 'pixel-8-pro', 'yes'],
    ['Pixel 9 Pro Fold', 'pixel-9-pro-fold', 'yes'],
    ['pixel fold', 'pixel-fold', 'yes'],
    ['Pixel 4a 5G', 'pixel-4a-5g', 'yes'],
    ['pixel 3a', 'pixel-3a', 'yes'],
    ['Pixel 10 Pro XL', 'pixel-10-pro-xl', 'yes'],
    ['Pixel 2', 'pixel-2', 'no'],
    // Other makers
    ['moto razr 40 ultra', 'motorola-razr-40-ultra', 'yes'],
    ['one plus 13', 'oneplus-13', 'yes'],
    ['Xiaomi 13T Pro', 'xiaomi-13t-pro', 'yes'],
    ['huawei p40 pro', 'huawei-p40-pro', 'yes'],
    ['oppo find x5 pro', 'oppo-find-x5-pro', 'yes'],
    ['Fairphone 5', 'fairphone-5', 'yes'],
  ])('matches %j to %s (eSIM %s)', (input, id, esim) => {
    const match = matchDevice(input);
    expect(match?.entry.id).toBe(id);
    expect(match?.entry.esim).toBe(esim);
  });

  it.each([
    ['iPhone 15', 'iphone-15'],
    ['iPhone 15 Pro', 'iphone-15-pro'],
    ['iPhone 15 Plus', 'iphone-15-plus'],
    ['iPhone 15 Pro Max', 'iphone-15-pro-max'],
    ['iPhone 13', 'iphone-13'],
    ['iPhone 13 mini', 'iphone-13-mini'],
    ['iPhone XS', 'iphone-xs'],
    ['iPhone XS Max', 'iphone-xs-max'],
    ['Pixel 8', 'pixel-8'],
    ['Pixel 8a', 'pixel-8a'],
    ['Pixel 8 Pro', 'pixel-8-pro'],
    ['Pixel 9 Pro', 'pixel-9-pro'],
    ['Pixel 9 Pro XL', 'pixel-9-pro-xl'],
    ['Galaxy S23', 'galaxy-s23'],
    ['Galaxy S23+', 'galaxy-s23-plus'],
    ['Galaxy S23 FE', 'galaxy-s23-fe'],
    ['Galaxy S23 Ultra', 'galaxy-s23-ultra'],
    ['Galaxy S10', 'galaxy-s10'],
    ['Galaxy S10e', 'galaxy-s10e'],
    ['Xperia 1 IV', 'sony-xperia-1-iv'],
    ['Xperia 1 V', 'sony-xperia-1-v'],
  ])('does not confuse close models: %j is %s', (input, id) => {
    expect(matchDevice(input)?.entry.id).toBe(id);
  });

  it.each([
    'Nokia 3310',
    'asdf',
    '',
    '   ',
    'ဖုန်း',
    'အိုင်ဖုန်း ၁၅',
    '15 pro',
    'iPhone 18',
    'iPhone SE', // three generations, one of them without eSIM
    'pixel',
    'Galaxy S20 FE', // not 'Galaxy S20'
    'Xiaomi 13 Lite', // not 'Xiaomi 13'
    'galaxy a54 lite',
    'OPPO A54', // not 'Galaxy A54'
    'vivo S20', // not 'Galaxy S20'
    'Galaxy Tab S9', // a tablet, not 'Galaxy S9'
    'a55', // OPPO sells an A55 too
    'SM-S918U', // a US model code that is not in the table
    'iPhone 15 or iPhone 14',
  ])('returns null for %j', (input) => {
    expect(matchDevice(input)).toBeNull();
  });

  it('matches every entry by its own name and by each alias', () => {
    for (const entry of deviceTable) {
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        expect(matchDevice(name)?.entry.id, name).toBe(entry.id);
      }
    }
  });
});

describe('device table', () => {
  it('has unique ids in kebab-case', () => {
    const ids = deviceTable.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives no search key to two devices', () => {
    const owner = new Map<string, string>();
    for (const entry of deviceTable) {
      for (const key of searchKeys(entry)) {
        expect(owner.get(key) ?? entry.id, key).toBe(entry.id);
        owner.set(key, entry.id);
      }
    }
  });

  it('gives every device without eSIM a reason', () => {
    for (const entry of deviceTable.filter((device) => device.esim === 'no')) {
      expect(entry.note, entry.id).toBeDefined();
    }
  });

  it('lists 4 to 8 popular devices per brand, all with eSIM', () => {
    const grid = popularByBrand();
    expect(Object.keys(grid)).toEqual([...brands]);
    for (const brand of brands) {
      expect(grid[brand].length, brand).toBeGreaterThanOrEqual(4);
      expect(grid[brand].length, brand).toBeLessThanOrEqual(8);
      for (const entry of grid[brand]) {
        expect(entry.brand).toBe(brand);
        expect(entry.esim).toBe('yes');
      }
    }
  });

  it('covers the lines the page promises', () => {
    const byId = new Map(deviceTable.map((entry) => [entry.id, entry]));
    for (const id of ['iphone-xs', 'iphone-xr', 'iphone-17', 'galaxy-s20', 'pixel-3', 'pixel-10']) {
      expect(byId.get(id)?.esim, id).toBe('yes');
    }
    for (const id of ['iphone-x', 'iphone-8', 'galaxy-s10', 'galaxy-s9', 'pixel-2']) {
      expect(byId.get(id)?.esim, id).toBe('no');
    }
  });

  it('flags mainland-China iPhones and carrier locks as caveats', () => {
    expect(brandCaveats.apple).toContain('china-iphone');
    expect(generalCaveats).toContain('carrier-locked');
  });
});
