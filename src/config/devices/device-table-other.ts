import { defineDevice } from './device-entry';
import type { DeviceEntry, DeviceExtras } from './device-entry';

/**
 * Every name here starts with its maker's word (Motorola, OnePlus, ...), which the matcher
 * uses to keep 'OPPO A54' from matching 'Galaxy A54'. Outside Apple, Samsung and Google,
 * eSIM often depends on the market a phone was made for, hence the many regional notes.
 */
const yes = (name: string, extras?: DeviceExtras) => defineDevice('other', 'yes', name, extras);

const popular = { popular: true } as const;
const regional = { note: 'regional-variant' } as const;

export const otherDevices: readonly DeviceEntry[] = [
  yes('Motorola razr 50 ultra', { aliases: ['razr 50 ultra', 'razr+ 2024'], ...popular }),
  yes('Motorola razr 40 ultra', { aliases: ['razr 40 ultra', 'razr+ 2023'] }),
  yes('Motorola razr 5G', { aliases: ['razr 5G', 'razr 2020'] }),
  yes('Motorola razr (2019)', { aliases: ['razr 2019'] }),
  yes('Motorola edge 40', { aliases: ['edge 40'] }),
  yes('OnePlus 13', popular),
  yes('OnePlus 12', regional),
  yes('Xiaomi 14T Pro', { ...regional, ...popular }),
  yes('Xiaomi 14T', regional),
  yes('Xiaomi 14', regional),
  yes('Xiaomi 13T Pro', { ...regional, ...popular }),
  yes('Xiaomi 13T', regional),
  yes('Xiaomi 13 Pro', regional),
  yes('Xiaomi 13', regional),
  yes('Xiaomi 12T Pro', regional),
  yes('Huawei Mate 40 Pro', { aliases: ['Mate 40 Pro'], ...regional }),
  yes('Huawei P40 Pro', { aliases: ['P40 Pro'], ...regional, ...popular }),
  yes('Huawei P40', regional),
  yes('OPPO Find X8 Pro', { aliases: ['Find X8 Pro'], ...regional, ...popular }),
  yes('OPPO Find X5 Pro', { aliases: ['Find X5 Pro'], ...regional }),
  yes('OPPO Find X3 Pro', { aliases: ['Find X3 Pro'], ...regional }),
  yes('Sony Xperia 1 V', { aliases: ['Xperia 1 V'], ...popular }),
  yes('Sony Xperia 1 IV', { aliases: ['Xperia 1 IV'] }),
  yes('Sony Xperia 5 IV', { aliases: ['Xperia 5 IV'] }),
  yes('Sony Xperia 10 V', { aliases: ['Xperia 10 V'] }),
  yes('Sony Xperia 10 IV', { aliases: ['Xperia 10 IV'] }),
  yes('Nokia X30 5G', { aliases: ['Nokia X30'] }),
  yes('Fairphone 5', { aliases: ['FP5'], ...popular }),
  yes('Fairphone 4', { aliases: ['FP4'] }),
];
