import { IsDateString, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { EmailAddress, RequiredText } from '../infrastructure/text';
import { ManageBookingInput } from '../money/booking-account.types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

@InputType({ description: 'Buy a gift card: an amount in whole dollars, or one place on a workshop at its current price.' })
export class GiftCardPurchaseInput {
  @Field(() => Int, { nullable: true, description: 'Whole US dollars, 100 to 5000; leave out when workshopId is given.' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number of dollars' })
  @Min(100, { message: '$property must be at least 100' })
  @Max(5000, { message: '$property must be at most 5000' })
  amountDollars?: number | null;

  @Field(() => ID, { nullable: true, description: '"One place on <workshop>": the card is worth its current price per person.' })
  @IsOptional()
  @IsString({ message: '$property must be a workshop id' })
  @MaxLength(64, { message: '$property must be at most 64 characters' })
  workshopId?: string | null;

  @Field()
  @RequiredText(120)
  buyerName: string;

  @Field({ description: 'The receipt and the delivery note go here.' })
  @EmailAddress(254)
  buyerEmail: string;

  @Field()
  @RequiredText(120)
  recipientName: string;

  @Field({ description: 'The card with its code goes here on the delivery date.' })
  @EmailAddress(254)
  recipientEmail: string;

  @Field(() => String, { nullable: true, description: 'A personal message printed on the card; at most 1000 characters.' })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(1000, { message: '$property must be at most 1000 characters' })
  message?: string | null;

  @Field({ description: 'YYYY-MM-DD, today or later (Pacific time).' })
  @Matches(DAY, { message: '$property must be a date YYYY-MM-DD' })
  @IsDateString({ strict: true }, { message: '$property must be a real date YYYY-MM-DD' })
  deliverOn: string;
}

@InputType({ description: 'A gift card issued by hand (a goodwill gesture).' })
export class IssueGiftCardInput {
  @Field(() => Int, { description: 'Whole US dollars, 1 to 5000.' })
  @IsInt({ message: '$property must be a whole number of dollars' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(5000, { message: '$property must be at most 5000' })
  amountDollars: number;

  @Field()
  @RequiredText(120)
  recipientName: string;

  @Field()
  @EmailAddress(254)
  recipientEmail: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(1000, { message: '$property must be at most 1000 characters' })
  message?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, today or later; today when left out.' })
  @IsOptional()
  @Matches(DAY, { message: '$property must be a date YYYY-MM-DD' })
  @IsDateString({ strict: true }, { message: '$property must be a real date YYYY-MM-DD' })
  deliverOn?: string | null;
}

@InputType({ description: 'A gift card code, to read its balance or pay a booking with it.' })
export class GiftCardCodeInput {
  @Field({ description: 'GC-XXXX-XXXX-XXXX-XXXX, any case, dashes optional.' })
  @RequiredText(40)
  code: string;
}

@InputType({ description: 'Pay the next charge of a booking (its balance or next installment) with a gift card, through the manage link.' })
export class PayWithGiftCardInput extends ManageBookingInput {
  @Field({ description: 'GC-XXXX-XXXX-XXXX-XXXX, any case, dashes optional.' })
  @RequiredText(40)
  code: string;
}
