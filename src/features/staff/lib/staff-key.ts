import { readText, removeItem, writeText } from '../../../lib/web-storage';

/**
 * The staff key, asked once per tab (issue #17): kept in sessionStorage only, so it ends with
 * the tab and is never written anywhere that outlives it. Where storage is refused (private
 * modes, blocked storage) the page keeps it in memory and asks again after a reload.
 */
const STAFF_KEY = 'esim-shop.staff-key';

export const readStaffKey = (): string | null => readText('session', STAFF_KEY);

export function saveStaffKey(key: string) {
  // Refused storage: the key lives in the page's memory only.
  writeText('session', STAFF_KEY, key);
}

export const forgetStaffKey = () => removeItem('session', STAFF_KEY);
