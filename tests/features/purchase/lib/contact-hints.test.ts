import { describe, expect, it } from 'vitest';
import { contactProblem, editDistance, suggestEmail } from '#domain/contact';

describe('contactProblem', () => {
  it.each([
    ['an empty value', '', 'empty'],
    ['only spaces', '  ', 'empty'],
    ['a UK number', '+44 7700 900123', 'foreignPhone'],
    ['a US number', '+1 (415) 555-0100', 'foreignPhone'],
    ['a Thai number with 00', '0066 81 234 5678', 'foreignPhone'],
    ['a UK number written locally', '07700 900123', 'foreignPhone'],
    ['a US number without a plus', '415 555 0100', 'foreignPhone'],
    ['a word', 'hello', 'invalid'],
    ['a too short Myanmar number', '0912', 'invalid'],
    ['a Myanmar number missing its 0', '9123456789', 'invalid'],
    ['a Myanmar landline in the +95 form', '+95 1 234 567', 'invalid'],
    ['an email without a domain dot', 'me@gmail', 'invalid'],
  ])('finds %s', (_name, input, problem) => {
    expect(contactProblem(input)).toBe(problem);
  });

  it.each(['buyer@example.com', '09123456789', '+959123456789', '၀၉၁၂၃၄၅၆၇၈၉'])(
    'finds no problem in %s',
    (input) => expect(contactProblem(input)).toBeNull(),
  );
});

describe('editDistance', () => {
  it.each([
    ['gmail.com', 'gmail.com', 0],
    ['gmial.com', 'gmail.com', 1],
    ['gmal.com', 'gmail.com', 1],
    ['gmail.co', 'gmail.com', 1],
    ['gamil.con', 'gmail.com', 2],
    ['abc', 'xyz', 3],
    ['', 'ab', 2],
  ])('counts %s → %s as %i', (a, b, distance) => expect(editDistance(a, b)).toBe(distance));
});

describe('suggestEmail', () => {
  it.each([
    ['a@gmial.com', 'a@gmail.com'],
    ['a@gmal.com', 'a@gmail.com'],
    ['a@gmail.co', 'a@gmail.com'],
    ['Ko.Aung+esim@GMIAL.COM', 'Ko.Aung+esim@gmail.com'],
    ['a@hotmial.com', 'a@hotmail.com'],
    ['a@yaho.com', 'a@yahoo.com'],
    ['a@outlok.com', 'a@outlook.com'],
    ['a@icloud.co', 'a@icloud.com'],
    [' a@gnail.com ', 'a@gmail.com'],
  ])('suggests a fix for %s', (input, suggestion) => {
    expect(suggestEmail(input)).toBe(suggestion);
  });

  it.each([
    ['a common domain', 'a@gmail.com'],
    ['another common domain', 'a@mail.com'],
    ['a company domain', 'a@example.com'],
    ['a short domain far from all', 'a@ab.io'],
    ['an invalid address', 'a@gmial'],
    ['a phone number', '09123456789'],
  ])('stays quiet for %s', (_name, input) => {
    expect(suggestEmail(input)).toBeNull();
  });
});
