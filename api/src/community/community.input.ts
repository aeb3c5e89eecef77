import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { EmailAddress, NoControlChars } from '../infrastructure/text';
import { MESSAGE_LIMITS, MESSAGE_PAGE, MessageTopic, MessageTopicFilter } from './community.types';

/** A string with at least one non-space character ("   " is as good as nothing). */
function IsRequiredText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isRequiredText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /\S/.test(value),
        defaultMessage: (args) => (typeof args?.value === 'string' || args?.value == null ? `${args?.property} is required` : `${args.property} must be a string`),
      },
    },
    options,
  );
}

@InputType({ description: 'A new message for a workshop community board. Stored exactly as sent.' })
export class PostMessageInput {
  @Field(() => ID, { description: 'The workshop whose board gets the message.' })
  @IsRequiredText()
  @MaxLength(64, { message: 'workshopId is not a workshop id' })
  workshopId: string;

  @Field({ description: `Shown with the message; at most ${MESSAGE_LIMITS.authorName} characters.` })
  @IsRequiredText()
  @MaxLength(MESSAGE_LIMITS.authorName, { message: `authorName must be at most ${MESSAGE_LIMITS.authorName} characters` })
  @NoControlChars()
  authorName: string;

  @Field({ description: 'Never shown to the public; only the admin sees it.' })
  @IsRequiredText()
  @EmailAddress(MESSAGE_LIMITS.authorEmail, 'authorEmail must be a valid email address')
  authorEmail: string;

  @Field({ description: `Plain text, at most ${MESSAGE_LIMITS.message} characters.` })
  @IsRequiredText()
  @MaxLength(MESSAGE_LIMITS.message, { message: `message must be at most ${MESSAGE_LIMITS.message} characters` })
  @NoControlChars()
  message: string;

  @Field(() => MessageTopic, { defaultValue: MessageTopic.general, description: 'Defaults to general.' })
  @IsOptional()
  @IsIn(Object.values(MessageTopic), { message: `topic must be one of ${Object.values(MessageTopic).join(', ')}` })
  topic: MessageTopic = MessageTopic.general;

  @Field(() => String, {
    nullable: true,
    description: 'Leave empty: the web form hides this field from people (see docs/decisions/010-community-board.md).',
  })
  @IsOptional()
  @IsString({ message: 'website must be a string' })
  website?: string | null;
}

@ArgsType()
export class MessagesArgs {
  @Field(() => ID)
  @IsRequiredText()
  @MaxLength(64, { message: 'workshopId is not a workshop id' })
  workshopId: string;

  @Field(() => MessageTopicFilter, { defaultValue: MessageTopicFilter.all, description: 'One topic, or all (the default).' })
  topic: MessageTopicFilter = MessageTopicFilter.all;

  @Field(() => Int, { defaultValue: MESSAGE_PAGE.defaultSize, description: `Page size, 1 to ${MESSAGE_PAGE.maxSize}.` })
  @IsInt()
  @Min(1, { message: 'first must be at least 1' })
  @Max(MESSAGE_PAGE.maxSize, { message: `first must be at most ${MESSAGE_PAGE.maxSize}` })
  first: number = MESSAGE_PAGE.defaultSize;

  @Field(() => String, { nullable: true, description: 'The nextCursor of the previous page; omit for the newest messages.' })
  @IsOptional()
  @IsString()
  after?: string | null;
}
