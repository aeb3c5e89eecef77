import { Field, ID, InputType } from 'type-graphql';
import { RequiredText } from '../infrastructure/text';

@InputType({ description: 'The "finish your booking" link of a lapsed checkout: the lapsed booking id and the token after # in its address.' })
export class ResumeCheckoutInput {
  @Field(() => ID)
  @RequiredText(36)
  bookingId: string;

  @Field({ description: 'The token of the link (after # in its address).' })
  @RequiredText(100)
  token: string;
}
