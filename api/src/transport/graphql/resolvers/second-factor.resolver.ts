import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SecondFactorService, OpenedSession, EnrolmentResult } from '../../../admin/second-factor/second-factor.service';
import { unauthenticated } from '../../../admin/admin-auth.service';
import { ConfirmTotpInput, FactorLabelInput, PasskeyResponseInput, RecoveryCodeInput, RegisterPasskeyInput, SecondFactorIdInput, TotpCodeInput } from '../../../admin/second-factor/second-factor.input';
import { AdminEnrolmentResult, AdminRecoveryCodes, AdminSecurityObject, AdminSessionObject, AdminSessionOpened, AdminTotpEnrolment } from '../../../admin/second-factor/second-factor.objects';
import { sessionHash } from '../../../admin/second-factor/second-factor.service';
import type { GraphQLContext } from '../context';

/** The password is right (the second factor may still be missing): the calls that complete the sign-in. */
function requirePassword(ctx: GraphQLContext): void {
  if (!ctx.adminPasswordOk) throw ctx.adminError ?? unauthenticated();
}

const client = (ctx: GraphQLContext) => ({ ip: ctx.clientKey, userAgent: ctx.userAgent });

/**
 * The admin's second factor over GraphQL (issue 26, docs/decisions/091-093):
 * completing the sign-in needs the password only; enrolment, removal and the
 * sessions need both factors once one is enrolled (@Authorized).
 */
@Resolver()
export class SecondFactorResolver {
  constructor(private readonly secondFactor: SecondFactorService) {}

  private opened(ctx: GraphQLContext, opened: OpenedSession): AdminSessionOpened {
    ctx.rememberAdminSession(opened.token);
    return { sessionToken: opened.token, expiresAt: opened.session.expiresAt };
  }

  private enrolled(ctx: GraphQLContext, result: EnrolmentResult): AdminEnrolmentResult {
    return { factor: result.factor, recoveryCodes: result.recoveryCodes, session: this.opened(ctx, result.opened) };
  }

  @Mutation(() => AdminSessionOpened, { description: 'Second step of the sign-in (with the password): a code from the authenticator app. Wrong: UNAUTHENTICATED "Invalid authenticator code".' })
  async adminVerifyTotp(@Arg('input') input: TotpCodeInput, @Ctx() ctx: GraphQLContext): Promise<AdminSessionOpened> {
    requirePassword(ctx);
    return this.opened(ctx, await this.secondFactor.verifyTotpOrThrow(input.code, client(ctx)));
  }

  @Mutation(() => AdminSessionOpened, { description: 'Second step of the sign-in (with the password): a recovery code, which then stops working.' })
  async adminVerifyRecoveryCode(@Arg('input') input: RecoveryCodeInput, @Ctx() ctx: GraphQLContext): Promise<AdminSessionOpened> {
    requirePassword(ctx);
    return this.opened(ctx, await this.secondFactor.verifyRecoveryCodeOrThrow(input.code, client(ctx)));
  }

  @Mutation(() => String, { description: 'Second step of the sign-in (with the password): the options for navigator.credentials.get, as JSON (PublicKeyCredentialRequestOptionsJSON).' })
  async adminPasskeyLoginOptions(@Ctx() ctx: GraphQLContext): Promise<string> {
    requirePassword(ctx);
    return JSON.stringify(await this.secondFactor.passkeyLoginOptions());
  }

  @Mutation(() => AdminSessionOpened, { description: 'Second step of the sign-in (with the password): the browser\'s passkey answer.' })
  async adminVerifyPasskey(@Arg('input') input: PasskeyResponseInput, @Ctx() ctx: GraphQLContext): Promise<AdminSessionOpened> {
    requirePassword(ctx);
    return this.opened(ctx, await this.secondFactor.verifyPasskeyOrThrow(input.response, client(ctx)));
  }

  @Authorized()
  @Query(() => AdminSecurityObject, { description: 'Admin: the second factors enrolled and the recovery codes left.' })
  async adminSecurity(): Promise<AdminSecurityObject> {
    return this.secondFactor.overview();
  }

  @Authorized()
  @Mutation(() => AdminTotpEnrolment, { description: 'Admin: start enrolling an authenticator app (a secret and its QR code); confirm with adminConfirmTotp.' })
  async adminStartTotp(@Arg('input') input: FactorLabelInput): Promise<AdminTotpEnrolment> {
    return this.secondFactor.startTotp(input.label);
  }

  @Authorized()
  @Mutation(() => AdminEnrolmentResult, { description: 'Admin: the first code of the new authenticator app; enrols it.' })
  async adminConfirmTotp(@Arg('input') input: ConfirmTotpInput, @Ctx() ctx: GraphQLContext): Promise<AdminEnrolmentResult> {
    return this.enrolled(ctx, await this.secondFactor.confirmTotpOrThrow(input.factorId, input.code, client(ctx)));
  }

  @Authorized()
  @Mutation(() => String, { description: 'Admin: the options for navigator.credentials.create, as JSON (PublicKeyCredentialCreationOptionsJSON).' })
  async adminPasskeyRegistrationOptions(): Promise<string> {
    return JSON.stringify(await this.secondFactor.passkeyRegistrationOptions());
  }

  @Authorized()
  @Mutation(() => AdminEnrolmentResult, { description: 'Admin: enrol a passkey from the browser\'s answer to the registration options.' })
  async adminRegisterPasskey(@Arg('input') input: RegisterPasskeyInput, @Ctx() ctx: GraphQLContext): Promise<AdminEnrolmentResult> {
    return this.enrolled(ctx, await this.secondFactor.registerPasskeyOrThrow(input.response, input.label, client(ctx)));
  }

  @Authorized()
  @Mutation(() => AdminSecurityObject, { description: 'Admin: remove a second factor; without any left, the password alone signs in.' })
  async adminRemoveFactor(@Arg('input') input: SecondFactorIdInput): Promise<AdminSecurityObject> {
    return this.secondFactor.removeFactorOrThrow(input.id);
  }

  @Authorized()
  @Mutation(() => AdminRecoveryCodes, { description: 'Admin: ten new recovery codes (shown once); the earlier ones stop working.' })
  async adminNewRecoveryCodes(): Promise<AdminRecoveryCodes> {
    return { codes: await this.secondFactor.newRecoveryCodesOrThrow() };
  }

  @Authorized()
  @Query(() => [AdminSessionObject], { description: 'Admin: the open sessions (opened with both factors), newest first.' })
  async adminSessions(@Ctx() ctx: GraphQLContext): Promise<AdminSessionObject[]> {
    const current = ctx.adminSession ? sessionHash(ctx.adminSession) : null;
    return (await this.secondFactor.sessions()).map((s) => ({ ...s, current: s.tokenHash === current }));
  }

  @Authorized()
  @Mutation(() => AdminSessionObject, { description: 'Admin: end a session; its token is refused at once on every instance.' })
  async adminEndSession(@Arg('input') input: SecondFactorIdInput, @Ctx() ctx: GraphQLContext): Promise<AdminSessionObject> {
    const s = await this.secondFactor.endSessionOrThrow(input.id);
    return { ...s, current: ctx.adminSession ? sessionHash(ctx.adminSession) === s.tokenHash : false };
  }

  @Mutation(() => Boolean, { description: 'Admin logout: ends the session this request carries (if any) and drops its cookie.' })
  async adminLogout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    const ended = await this.secondFactor.endSessionByToken(ctx.adminSession);
    ctx.rememberAdminSession(null);
    return ended;
  }
}
