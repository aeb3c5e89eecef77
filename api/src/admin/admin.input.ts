import { Field, Float, ID, InputType } from 'type-graphql';
import { IsNotEmpty, IsNumber, IsString, IsUUID, Max, MaxLength, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import { isImageAddress, MAX_IMAGE_URL_LENGTH } from './image-address';

function IsImageAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isImageAddress',
      validator: {
        validate: (value: unknown) => isImageAddress(value),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be an http(s) URL or a site path starting with /`,
      },
    },
    options,
  );
}

@InputType({ description: 'The admin password, as typed on the login page.' })
export class AdminLoginInput {
  @Field()
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(1024, { message: 'password must be at most 1024 characters' })
  password: string;
}

@InputType({ description: 'A new photograph address for a workshop.' })
export class UpdateWorkshopPhotoInput {
  @Field(() => ID)
  @IsString({ message: 'workshopId must be a string' })
  @IsNotEmpty({ message: 'workshopId is required' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId: string;

  @Field({ description: `An http(s) URL or a site path starting with "/", at most ${MAX_IMAGE_URL_LENGTH} characters.` })
  @IsString({ message: 'imageUrl must be a string' })
  @IsNotEmpty({ message: 'imageUrl is required' })
  @MaxLength(MAX_IMAGE_URL_LENGTH, { message: `imageUrl must be at most ${MAX_IMAGE_URL_LENGTH} characters` })
  @IsImageAddress()
  imageUrl: string;
}

@InputType({ description: 'The community message to remove (moderation).' })
export class DeleteMessageInput {
  @Field(() => ID)
  @IsString({ message: 'id must be a string' })
  @IsNotEmpty({ message: 'id is required' })
  @MaxLength(36, { message: 'id must be at most 36 characters' })
  id: string;
}

@InputType({ description: 'The booking to cancel; its spots come back at once.' })
export class CancelBookingInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'bookingId must be a booking id' })
  bookingId: string;
}

@InputType({ description: 'Money received outside the payment provider (bank transfer, card by phone).' })
export class RecordPaymentInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'bookingId must be a booking id' })
  bookingId: string;

  @Field(() => Float, { description: 'US dollars, e.g. 868.5; at most the balance.' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'amount must be a number of dollars with at most 2 decimals' })
  @Min(0.01, { message: 'amount must be more than $0' })
  @Max(1_000_000, { message: 'amount must be at most $1,000,000' })
  amount: number;
}
