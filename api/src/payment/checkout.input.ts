import { Field, ID, InputType } from 'type-graphql';
import { IsUrl, IsUUID, MaxLength } from 'class-validator';

@InputType({ description: 'Start paying a booking on the provider’s hosted checkout page.' })
export class CheckoutSessionInput {
  @Field(() => ID)
  @IsUUID('all', { message: '$property must be a booking id' })
  bookingId: string;

  @Field({ description: 'Origin of the site the visitor is on, e.g. https://wildlightworkshops.com; the provider returns there.' })
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true, allow_underscores: true },
    { message: '$property must be an http(s) origin such as https://example.com' },
  )
  originUrl: string;
}
