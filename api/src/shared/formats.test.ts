import { EMAIL_PATTERN, fullMatch, PHONE_PATTERN } from './formats';

// Browsers compile an HTML `pattern` with the `v` flag: the sources must be valid there too
// and mean the same as the plain RegExp the api validates with.
const asHtmlPattern = (source: string) => new RegExp(`^(?:${source})$`, 'v');

describe('shared formats', () => {
  it.each([
    ['555-0100', true],
    ['+1 (555) 010-0100', true],
    ['555.010.0100', true],
    ['030/1234567', true],
    ['555', false],
    ['call me after 6', false],
    ['555-0100 ext. 2', false],
  ])('phone %j -> %s, the same as an HTML pattern', (value, ok) => {
    expect(fullMatch(PHONE_PATTERN).test(value)).toBe(ok);
    expect(asHtmlPattern(PHONE_PATTERN).test(value)).toBe(ok);
  });

  it.each([
    ['ana@example.com', true],
    ['ana.lopez+trip@mail.example.org', true],
    ['ana@example', false],
    ['ana example.com', false],
  ])('email %j -> %s, the same as an HTML pattern', (value, ok) => {
    expect(fullMatch(EMAIL_PATTERN).test(value)).toBe(ok);
    expect(asHtmlPattern(EMAIL_PATTERN).test(value)).toBe(ok);
  });
});
