import { describe, expect, it } from 'vitest';
import { checkContact, normalizeContact } from '#domain/contact';

describe('checkContact', () => {
  it.each([
    ['a plain email', 'buyer@example.com', 'email', 'buyer@example.com'],
    ['an email with spaces around it', '  buyer@example.com ', 'email', 'buyer@example.com'],
    ['an email with a subdomain', 'a.b+c@mail.example.co.uk', 'email', 'a.b+c@mail.example.co.uk'],
    ['a phone of 09 and 5 digits', '0912345', 'phone', '0912345'],
    ['a phone of 09 and 9 digits', '09123456789', 'phone', '09123456789'],
    ['a phone with spaces and dashes', '09 123-456 789', 'phone', '09123456789'],
    ['a phone in Myanmar digits', '၀၉၁၂၃၄၅၆၇၈၉', 'phone', '09123456789'],
    ['Myanmar digits with the letter wa for zero', 'ဝ၉၁၂၃၄၅၆၇၈', 'phone', '0912345678'],
    ['+959', '+959123456789', 'phone', '09123456789'],
    ['+95 9 with spaces', '+95 9 123 456 789', 'phone', '09123456789'],
    ['959 without the plus', '959123456789', 'phone', '09123456789'],
    ['00959', '00959123456789', 'phone', '09123456789'],
    ['+959 in Myanmar digits', '+၉၅၉၁၂၃၄၅၆၇၈၉', 'phone', '09123456789'],
  ])('accepts %s', (_name, input, kind, value) => {
    expect(checkContact(input)).toEqual({ valid: true, kind, value });
  });

  it.each([
    ['an empty value', ''],
    ['only spaces', '   '],
    ['a word', 'hello'],
    ['an email without @', 'buyer.example.com'],
    ['an email with two @', 'a@b@example.com'],
    ['an email without a dot in the domain', 'buyer@example'],
    ['an email with a space', 'buy er@example.com'],
    ['an email ending in a dot', 'buyer@example.'],
    ['a phone of 09 and 4 digits', '091234'],
    ['a phone of 09 and 10 digits', '091234567890'],
    ['a phone not starting with 09', '0812345678'],
    ['a foreign number', '+66812345678'],
    ['+95 without the 9', '+9512345678'],
    ['a phone with letters', '09123abc'],
  ])('refuses %s', (_name, input) => {
    expect(checkContact(input).valid).toBe(false);
  });
});

describe('normalizeContact', () => {
  it('leaves emails as typed apart from the outer spaces', () => {
    expect(normalizeContact(' Buyer@Example.com ')).toBe('Buyer@Example.com');
  });
});
