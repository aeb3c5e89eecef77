import { Field, ID, InputType } from 'type-graphql';
import { IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { NoControlChars, RequiredText } from '../../infrastructure/text';

const LABEL = { max: 60 };

@InputType({ description: 'A code from the admin\'s authenticator app (6 digits).' })
export class TotpCodeInput {
  @Field()
  @IsString({ message: 'code must be a string' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits the authenticator app shows' })
  code: string;
}

@InputType({ description: 'One of the admin\'s recovery codes (each works once).' })
export class RecoveryCodeInput {
  @Field()
  @IsString({ message: 'code must be a string' })
  @IsNotEmpty({ message: 'code is required' })
  @MaxLength(40, { message: 'code must be at most 40 characters' })
  @NoControlChars()
  code: string;
}

@InputType({ description: 'The browser\'s answer to the passkey options, as JSON (what @simplewebauthn/browser returns).' })
export class PasskeyResponseInput {
  @Field({ description: 'JSON text of the WebAuthn credential (AuthenticationResponseJSON or RegistrationResponseJSON).' })
  @IsString({ message: 'response must be a string of JSON' })
  @IsNotEmpty({ message: 'response is required' })
  @MaxLength(16_000, { message: 'response must be at most 16000 characters' })
  response: string;
}

@InputType({ description: 'A name for a new factor, to tell it apart in the list.' })
export class FactorLabelInput {
  @Field()
  @RequiredText(LABEL.max)
  label: string;
}

@InputType({ description: 'A new passkey: the browser\'s answer to the registration options and a name for it.' })
export class RegisterPasskeyInput extends PasskeyResponseInput {
  @Field()
  @RequiredText(LABEL.max)
  label: string;
}

@InputType({ description: 'The first code of a new authenticator app, which confirms its enrolment.' })
export class ConfirmTotpInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'factorId must be the id adminStartTotp returned' })
  factorId: string;

  @Field()
  @IsString({ message: 'code must be a string' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits the authenticator app shows' })
  code: string;
}

@InputType({ description: 'A factor or session, by id.' })
export class SecondFactorIdInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'id must be a factor or session id' })
  id: string;
}
