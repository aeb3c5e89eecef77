import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Printable text: no NUL or other control characters except tab and newlines. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** A required text field: a string with at least one non-space character, at most `max` long. */
export function RequiredText(max: number): PropertyDecorator {
  return compose(
    IsString({ message: '$property must be a string' }),
    Matches(/\S/, { message: '$property is required' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
    Matches(NO_CONTROL_CHARS, { message: '$property must not contain control characters' }),
  );
}

/** An optional text field (absent or null allowed), at most `max` long. */
export function OptionalText(max: number): PropertyDecorator {
  return compose(
    IsOptional(),
    IsString({ message: '$property must be a string' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
    Matches(NO_CONTROL_CHARS, { message: '$property must not contain control characters' }),
  );
}

/** Trim a required text; turn blank optional text into null. */
export const clean = (s: string): string => s.trim();
export const cleanOptional = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};
