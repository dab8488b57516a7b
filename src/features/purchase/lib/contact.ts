/** Contact validation (SPEC §5): an email shape or a Myanmar mobile number starting with 09. */

import { isValidEmail } from '../../../lib/email';
import { asciiDigits } from '../../../lib/i18n/format';

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
