/**
 * The staff key, asked once per tab (issue #17): kept in sessionStorage only, so it ends with
 * the tab and is never written anywhere that outlives it. Where storage is refused (private
 * modes, blocked storage) the page keeps it in memory and asks again after a reload.
 */
const STAFF_KEY = 'esim-shop.staff-key';

export function readStaffKey(): string | null {
  try {
    return sessionStorage.getItem(STAFF_KEY);
  } catch {
    return null;
  }
}

export function saveStaffKey(key: string) {
  try {
    sessionStorage.setItem(STAFF_KEY, key);
  } catch {
    // Storage refused: the key lives in the page's memory only.
  }
}

export function forgetStaffKey() {
  try {
    sessionStorage.removeItem(STAFF_KEY);
  } catch {
    // Nothing was stored.
  }
}
