import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsOptional, IsString, MaxLength, Min, registerDecorator, validate, ValidateNested } from 'class-validator';
import { BookingInput } from '../booking/booking.input';
import { memoizeValidationRules } from './validation-rules';
import { validateInputOrThrow } from './validation';

/** class-validator's own lookup, as it answers without the memo (the method on its class, not the patched instance). */
const storage = getMetadataStorage();
const prototype = Object.getPrototypeOf(storage) as typeof storage;
const unmemoized = (target: Function, groups?: string[], always = false, strictGroups = false) =>
  prototype.getTargetValidationMetadatas.call(storage, target, '', always, strictGroups, groups);
const describeRules = (rules: ReturnType<typeof unmemoized>) => rules.map((r) => `${r.propertyName}:${r.type}:${r.name ?? ''}:${(r.groups ?? []).join('|')}`).sort();

class Base {
  @IsString()
  @MaxLength(5, { groups: ['short'] })
  name!: string;
}

class Child extends Base {
  @IsInt()
  @Min(1)
  count!: number;
}

class Leaf {
  @IsString()
  label!: string;
}

class Holder {
  @ValidateNested({ each: true })
  leaves!: Leaf[];

  @IsOptional()
  @IsInt()
  size?: number;
}

describe('memoizeValidationRules', () => {
  // validation.ts installs it when loaded (imported above); a second install changes nothing.
  it('is installed once per process, on the global storage', () => {
    expect(memoizeValidationRules()).toBe(false);
    expect(storage.getTargetValidationMetadatas).not.toBe(prototype.getTargetValidationMetadatas);
  });

  it('answers what class-validator answers, per class, inheritance and groups', () => {
    for (const target of [Base, Child, Leaf, Holder, BookingInput]) {
      for (const groups of [undefined, [], ['short'], ['other']]) {
        for (const [always, strict] of [
          [false, false],
          [true, false],
          [false, true],
        ] as const) {
          const memo = storage.getTargetValidationMetadatas(target, '', always, strict, groups);
          expect(describeRules(memo)).toEqual(describeRules(unmemoized(target, groups, always, strict)));
          // Kept: the same answer the second time, grouped once.
          expect(storage.getTargetValidationMetadatas(target, '', always, strict, groups)).toBe(memo);
          expect(storage.groupByPropertyName(memo)).toBe(storage.groupByPropertyName(memo));
        }
      }
    }
    // Different options are different answers: the group's MaxLength with its group, not with another.
    expect(describeRules(storage.getTargetValidationMetadatas(Child, '', false, false, ['short']))).toContain('name:customValidation:maxLength:short');
    expect(describeRules(storage.getTargetValidationMetadatas(Child, '', false, false, ['other']))).not.toContain('name:customValidation:maxLength:short');
  });

  it('sees a rule registered after a class was validated (a class loaded late, a decorator applied by hand)', async () => {
    class Late {
      @IsString()
      code!: string;
    }
    const late = Object.assign(new Late(), { code: 'abc' });
    expect(await validate(late)).toEqual([]);
    registerDecorator({
      name: 'isUpperCase',
      target: Late,
      propertyName: 'code',
      options: { message: 'code must be upper case' },
      validator: { validate: (value: unknown) => typeof value === 'string' && value === value.toUpperCase() },
    });
    const errors = await validate(late);
    expect(errors.map((e) => e.constraints)).toEqual([{ isUpperCase: 'code must be upper case' }]);
    // A subclass declared now inherits both rules.
    class LateChild extends Late {}
    expect((await validate(Object.assign(new LateChild(), { code: 1 }))).map((e) => Object.keys(e.constraints ?? {}).sort())).toEqual([['isString', 'isUpperCase']]);
  });

  it('gives the same errors as before for nested and inherited inputs', async () => {
    const child = Object.assign(new Child(), { name: 7, count: 0 });
    // Without groups class-validator applies the grouped rule too (its rule, unchanged here).
    expect((await validate(child)).map((e) => [e.property, Object.keys(e.constraints ?? {}).sort()])).toEqual([
      ['count', ['min']],
      ['name', ['isString', 'maxLength']],
    ]);
    const holder = Object.assign(new Holder(), { leaves: [Object.assign(new Leaf(), { label: 'ok' }), Object.assign(new Leaf(), { label: 3 })], size: 'big' });
    const errors = await validate(holder);
    expect(errors.map((e) => e.property).sort()).toEqual(['leaves', 'size']);
    expect(errors.find((e) => e.property === 'leaves')?.children?.[0]?.children?.[0]?.constraints).toEqual({ isString: 'label must be a string' });
  });

  it("keeps a booking's field errors as the API answers them", async () => {
    await expect(validateInputOrThrow(BookingInput, { workshopId: 'w', customerName: '', customerEmail: 'not an email', numParticipants: 0 })).rejects.toMatchObject({
      fields: expect.arrayContaining([
        expect.objectContaining({ field: 'customerName' }),
        expect.objectContaining({ field: 'customerEmail' }),
        expect.objectContaining({ field: 'numParticipants' }),
      ]),
    });
  });
});
