import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A second factor of the admin (never its secret).' })
export class AdminFactorObject {
  @Field(() => ID)
  id: string;

  @Field({ description: 'passkey or totp.' })
  kind: string;

  @Field()
  label: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastUsedAt: Date | null;
}

@ObjectType({ description: 'The admin\'s second factors.' })
export class AdminSecurityObject {
  @Field({ description: 'True once a factor is enrolled: the password alone opens nothing.' })
  required: boolean;

  @Field(() => [AdminFactorObject])
  factors: AdminFactorObject[];

  @Field(() => Int, { description: 'Recovery codes not used yet.' })
  recoveryCodesLeft: number;
}

@ObjectType({ description: 'A session opened with both factors (its token is never shown again).' })
export class AdminSessionObject {
  @Field(() => ID)
  id: string;

  @Field({ description: 'The second factor that opened it: passkey, totp or recovery.' })
  factor: string;

  @Field()
  ip: string;

  @Field()
  userAgent: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  lastSeenAt: Date;

  @Field(() => Date)
  expiresAt: Date;

  @Field({ description: 'True for the session this request is made in.' })
  current: boolean;
}

@ObjectType({ description: 'A session just opened: the dashboard keeps it in a cookie; API clients send sessionToken as X-Admin-Session.' })
export class AdminSessionOpened {
  @Field({ description: 'Shown once. Send it as the X-Admin-Session header with the Basic header (docs/decisions/092).' })
  sessionToken: string;

  @Field(() => Date)
  expiresAt: Date;
}

@ObjectType({ description: 'A TOTP enrolment waiting for its first code.' })
export class AdminTotpEnrolment {
  @Field(() => ID)
  factorId: string;

  @Field({ description: 'The secret in base32, to type by hand.' })
  secret: string;

  @Field({ description: 'The otpauth:// URI.' })
  uri: string;

  @Field({ description: 'The QR code of the URI, as a PNG data: URL.' })
  qrCode: string;
}

@ObjectType({ description: 'A factor just enrolled.' })
export class AdminEnrolmentResult {
  @Field(() => AdminFactorObject)
  factor: AdminFactorObject;

  @Field(() => [String], { nullable: true, description: 'The recovery codes, shown once (the first factor only).' })
  recoveryCodes: string[] | null;

  @Field(() => AdminSessionOpened, { description: 'The session this enrolment opened (both factors were just proven).' })
  session: AdminSessionOpened;
}

@ObjectType({ description: 'New recovery codes, shown once.' })
export class AdminRecoveryCodes {
  @Field(() => [String])
  codes: string[];
}
