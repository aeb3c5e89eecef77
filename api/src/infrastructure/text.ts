import { isEmail, IsOptional, IsString, Matches, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** C0 controls other than tab and newlines (NUL, BEL, ESC...), DEL and C1 controls: the part of the rule passwords share. */
export function hasControlChars(value: string): boolean {
  return CONTROL.test(value);
}

/** Format characters (Unicode category Cf) and unpaired surrogates (with the u flag a lone surrogate is a code point of category Cs). */
const HIDDEN = /[\p{Cf}\p{Cs}]/u;
/** A zero-width joiner inside an emoji sequence (👩‍💻, ❤️‍🔥, 👨🏽‍🦱): it draws one picture from two. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The tag characters of a subdivision flag: U+1F3F4 (black flag), tags spelling the region (gbsct), the cancel tag. */
const EMOJI_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/**
 * A zero-width non-joiner or joiner between two letters of a script that is not
 * Latin: Persian, Arabic and the Indic scripts need them to spell words right.
 * Between Latin letters they only hide (`Ad\u200Dmin` reads as `Admin`).
 * (The `v` flag's set difference; built at run time, the compile target predates it.)
 */
const SCRIPT_JOINER = new RegExp(String.raw`(?<=[[\p{L}\p{M}]--\p{Script=Latin}])[\u200C\u200D](?=[[\p{L}\p{M}]--\p{Script=Latin}])`, 'gv');

/**
 * The one rule for every free-text field: printable text, as it reads.
 * Refused: C0 controls except tab and newlines (NUL, BEL, ESC...), DEL, C1
 * controls; unpaired UTF-16 surrogates (not text at all: they break e-mail
 * checks, mail encoders and MySQL's utf8mb4); and the invisible format
 * characters (category Cf) that make a name or message read differently from
 * what it is: zero-width space, LRM/RLM, word joiner and invisible operators,
 * BOM, soft hyphen, the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), tag characters. Kept: the joiners that
 * legitimate text needs (emoji sequences, subdivision flags, ZWNJ/ZWJ between
 * letters of non-Latin scripts); docs/decisions/068-plain-text-rule.md.
 */
export function isPlainText(value: string): boolean {
  if (hasControlChars(value)) return false;
  if (!HIDDEN.test(value)) return true;
  return !HIDDEN.test(value.replace(EMOJI_JOINER, '').replace(EMOJI_TAGS, '').replace(SCRIPT_JOINER, ''));
}

const PLAIN_TEXT_MESSAGE = '$property must not contain control or invisible characters';

/** Refuses what isPlainText refuses (non-strings are left to the field's other rules); for fields with their own other rules. */
export function NoControlChars(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainText',
      validator: { validate: (value: unknown) => typeof value !== 'string' || isPlainText(value), defaultMessage: () => PLAIN_TEXT_MESSAGE },
    },
    { message: PLAIN_TEXT_MESSAGE, ...options },
  );
}

/**
 * An e-mail address field: a string of at most `max` characters that passes the
 * plain-text rule, then validator's isEmail. isEmail is asked only about plain
 * text (it throws "URI malformed" on a lone surrogate, which was a hang and a
 * 503, issue 21 finding 7); other text is refused by the plain-text rule alone,
 * with one message naming the field.
 */
export function EmailAddress(max: number, message = '$property must be an email address'): PropertyDecorator {
  return compose(
    IsString({ message }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
    NoControlChars(),
    ValidateBy(
      { name: 'isEmailAddress', validator: { validate: (value: unknown) => typeof value !== 'string' || !isPlainText(value) || isEmail(value) } },
      { message },
    ),
  );
}

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** A required text field: a string with at least one non-space character, at most `max` long. */
export function RequiredText(max: number): PropertyDecorator {
  return compose(
    IsString({ message: '$property must be a string' }),
    Matches(/\S/, { message: '$property is required' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
    NoControlChars(),
  );
}

/** An optional text field (absent or null allowed), at most `max` long. */
export function OptionalText(max: number): PropertyDecorator {
  return compose(
    IsOptional(),
    IsString({ message: '$property must be a string' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
    NoControlChars(),
  );
}

/** Trim a required text; turn blank optional text into null. */
export const clean = (s: string): string => s.trim();
export const cleanOptional = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};
