import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * The one rule for every free-text field: printable text. Refused: C0 controls
 * except tab and newlines (NUL, BEL, ESC...), DEL, C1 controls, and the invisible
 * bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
 * that make a name or message read differently from what it is.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;

/** Refuses control and bidi-override characters (see NO_CONTROL_CHARS); for fields with their own other rules. */
export function NoControlChars(): PropertyDecorator {
  return Matches(NO_CONTROL_CHARS, { message: '$property must not contain control characters' });
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
