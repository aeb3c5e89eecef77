import { isPlainText } from './text';

/** The one free-text rule (issue 21 finding 11; docs/decisions/068-plain-text-rule.md). */
describe('isPlainText', () => {
  it.each([
    ['plain ASCII', 'Ana Lopez'],
    ['tabs and newlines', 'Line one\n\tLine two\r\n'],
    ['accents and CJK', 'Zoë Ångström 山田'],
    ['emoji with a variation selector', 'café ☕️ 📷'],
    ['emoji ZWJ sequences', '👩‍💻 ❤️‍🔥 👨🏽‍🦱 🏳️‍🌈 👨‍👩‍👧'],
    ['a subdivision flag', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Persian with a ZWNJ', 'می\u200Cخواهم'],
    ['Devanagari with a ZWJ', 'क्\u200Dष'],
    ['a surrogate pair', '𝄞'],
  ])('accepts %s', (_name, text) => expect(isPlainText(text)).toBe(true));

  it.each([
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007Fb'],
    ['C1', 'a\u0085b'],
    ['a right-to-left override', 'invoice\u202Egpj.exe'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a ZWJ between Latin letters', 'Ad\u200Dmin'],
    ['a ZWNJ between Latin letters', 'Ad\u200Cmin'],
    ['a ZWJ at the start', '\u200DAna'],
    ['a ZWJ after an emoji, before a letter', '👩\u200Da'],
    ['LRM and RLM', 'a\u200Eb\u200Fc'],
    ['a word joiner', 'a\u2060b'],
    ['invisible operators', 'a\u2061b\u2064c'],
    ['a byte order mark', '\uFEFFAna'],
    ['a soft hyphen', 'Ad\u00ADmin'],
    ['tag characters outside a flag', 'a\u{E0067}\u{E007F}'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a high surrogate at the end', 'Ana\uD83D'],
    ['swapped surrogates', '\uDE00\uD83D'],
  ])('refuses %s', (_name, text) => expect(isPlainText(text)).toBe(false));
});
