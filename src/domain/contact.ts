/** Contact validation (SPEC §5): an email shape or a Myanmar mobile number starting with 09. */

import { isValidEmail } from './email';
import { asciiDigits } from './digits';

export type ContactKind = 'email' | 'phone';

export type ContactCheck =
  { valid: true; kind: ContactKind; value: string } | { valid: false; value: string };

const PHONE = /^09\d{5,9}$/;
/** Separators people type inside phone numbers. */
const PHONE_SEPARATORS = /[\s\-().\u00a0]/g;
/** The letter ဝ (wa) is often typed for the digit ၀ (zero); they look the same. */
const WA = /\u101d/g;

/**
 * The form we store and send: emails trimmed; phone numbers with ASCII digits, no separators,
 * and the international prefix (+959, 00959, 959) written as the local 09.
 */
export function normalizeContact(input: string): string {
  const trimmed = input.trim();
  if (trimmed.includes('@')) return trimmed;
  let phone = asciiDigits(trimmed).replace(PHONE_SEPARATORS, '');
  if (/^\+?[\d\u101d]+$/.test(phone)) phone = phone.replace(WA, '0');
  if (phone.startsWith('+959')) return `0${phone.slice(3)}`;
  if (phone.startsWith('00959')) return `0${phone.slice(4)}`;
  if (phone.startsWith('959')) return `0${phone.slice(2)}`;
  return phone;
}

/** Whether the buyer's input is a usable contact, and its normalised value. */
export function checkContact(input: string): ContactCheck {
  const value = normalizeContact(input);
  if (isValidEmail(value)) return { valid: true, kind: 'email', value };
  if (PHONE.test(value)) return { valid: true, kind: 'phone', value };
  return { valid: false, value };
}

/** Why a contact cannot be used, for the message under the field. */
export type ContactProblem = 'empty' | 'foreignPhone' | 'invalid';

/**
 * A phone number that is not a Myanmar mobile: a `+` or `00` country code other than 95, or
 * digits that start with neither 09 nor 959 (a UK `07…`, a US `1…`). Travellers are pointed to
 * email, since the shop's Viber contact only reaches Myanmar numbers.
 */
function isForeignPhone(value: string): boolean {
  if (!/^\+?\d{6,}$/.test(value)) return false;
  if (value.startsWith('+')) return !value.startsWith('+95');
  if (value.startsWith('00')) return !value.startsWith('0095');
  return !value.startsWith('09') && !value.startsWith('9');
}

/** The problem with the buyer's input, or null when it can be used (SPEC §5's rule). */
export function contactProblem(input: string): ContactProblem | null {
  if (input.trim() === '') return 'empty';
  const check = checkContact(input);
  if (check.valid) return null;
  return isForeignPhone(check.value) ? 'foreignPhone' : 'invalid';
}

/** Mail domains buyers use most; a near miss of one is probably a typo. */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.co.jp',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'proton.me',
  'protonmail.com',
  'yandex.com',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
] as const;

/** Edits (insert, delete, substitute, swap two neighbours) between two strings (OSA distance). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * "Did you mean …?" for an email whose domain is one or two edits from a common one
 * (`gmial.com`, `gmail.co`, `hotmial.com`): the address with that domain, else null. Only a
 * suggestion: the address as typed stays valid.
 */
export function suggestEmail(input: string): string | null {
  const check = checkContact(input);
  if (!check.valid || check.kind !== 'email') return null;
  const at = check.value.lastIndexOf('@');
  const domain = check.value.slice(at + 1).toLowerCase();
  if ((COMMON_EMAIL_DOMAINS as readonly string[]).includes(domain)) return null;
  const allowed = domain.length < 8 ? 1 : 2;
  let best: { domain: string; distance: number } | null = null;
  for (const common of COMMON_EMAIL_DOMAINS) {
    const distance = editDistance(domain, common);
    if (distance <= allowed && (!best || distance < best.distance))
      best = { domain: common, distance };
  }
  return best ? `${check.value.slice(0, at)}@${best.domain}` : null;
}
