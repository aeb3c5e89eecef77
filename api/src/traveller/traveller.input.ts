import { Field, InputType } from 'type-graphql';
import { IsBoolean, IsOptional, ValidateIf } from 'class-validator';
import { EmailAddress, RequiredText } from '../infrastructure/text';

const EMAIL_MESSAGE = '$property must be an email address';

/** Another traveller of a booking, as the booking form names them: a name and an email, or "I'll add them later". */
@InputType({ description: 'A traveller other than the booker: name and email, or later = true to name them on the manage page.' })
export class TravellerNameInput {
  @Field(() => String, { nullable: true, description: 'Full name; required unless later is true.' })
  @ValidateIf((t: TravellerNameInput) => !t.later)
  @RequiredText(120)
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Their own email (their task link goes there); required unless later is true.' })
  @ValidateIf((t: TravellerNameInput) => !t.later)
  @EmailAddress(254, EMAIL_MESSAGE)
  email?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: '"I\'ll add them later": name and email are left empty for now.' })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  later?: boolean | null;
}

/** REST bodies carry plain objects: make each an instance so class-validator checks it as GraphQL's would be. */
export function travellerNameInputs(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.assign(new TravellerNameInput(), v) : v));
}
