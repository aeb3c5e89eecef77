import { Field, ID, InputType } from 'type-graphql';
import { IsOptional, IsString, MaxLength } from 'class-validator';
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

@InputType({ description: '"Finish my booking" from a recovery link: book the same choices again and start the checkout.' })
export class FinishCheckoutInput extends ResumeCheckoutInput {
  @Field(() => String, { nullable: true, description: 'The promo code the page showed as applying (resumeCheckout.promoCode); none: book without it.' })
  @IsOptional()
  @IsString({ message: '$property must be a promo code such as SPRING25' })
  @MaxLength(32, { message: '$property must be at most 32 characters' })
  promoCode?: string | null;

  @Field(() => String, { nullable: true, description: 'A solved proof-of-work challenge, needed only when finishCheckout answered CHALLENGE_REQUIRED (as createBooking).' })
  @IsOptional()
  @IsString({ message: '$property must be the solved challenge' })
  @MaxLength(4000, { message: '$property must be at most 4000 characters' })
  altcha?: string | null;
}
