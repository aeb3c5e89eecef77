import { validate, type ValidationError } from 'class-validator';
import { getMetadataStorage } from 'type-graphql';
import { AppError, type FieldError } from './errors';
import { memoizeValidationRules } from './validation-rules';

// Every validate() of the process finds its rules once per class (docs/decisions/113).
memoizeValidationRules();

/**
 * Flatten class-validator errors (including nested ones) into one clear message
 * per field: "x is required" when it is missing, else the constraint messages.
 */
export function toFieldErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const messages = Object.values(e.constraints ?? {});
    if (messages.length) {
      const missing = e.value === undefined || e.value === null || e.value === '';
      const text = missing ? `${e.property} is required` : [...new Set(messages)].join(', ');
      out.push({ field, message: prefix ? text.replace(e.property, field) : text });
    }
    if (e.children?.length) out.push(...toFieldErrors(e.children, field));
  }
  return out;
}

/**
 * Build an instance of an input class from plain data and validate it; throws a
 * BAD_USER_INPUT AppError naming every bad field. Only keys the class declares
 * (as GraphQL fields) are copied when `allowed` is given, so unknown keys of a
 * REST body are ignored, never stored.
 */
export async function validateInputOrThrow<T extends object>(
  cls: new () => T,
  data: Record<string, unknown>,
  allowed?: ReadonlySet<string>,
): Promise<T> {
  const instance = new cls();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (allowed && !allowed.has(key)) continue;
    (instance as Record<string, unknown>)[key] = value;
  }
  const errors = await validate(instance, { forbidUnknownValues: true, validationError: { target: false, value: true } });
  if (errors.length) throw AppError.invalid(toFieldErrors(errors));
  return instance;
}

const fieldNamesOf = new WeakMap<Function, ReadonlySet<string>>();

/** The GraphQL field names an @InputType class declares (including inherited ones); worked out once per class. */
export function inputFieldNames(cls: Function): ReadonlySet<string> {
  let names = fieldNamesOf.get(cls);
  if (!names) fieldNamesOf.set(cls, (names = new Set(collectFieldNames(cls))));
  return names;
}

function collectFieldNames(cls: Function): string[] {
  const chain: Function[] = [];
  for (let c: Function | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.push(c);
  return getMetadataStorage()
    .fields.filter((f) => chain.includes(f.target))
    .map((f) => f.name);
}
