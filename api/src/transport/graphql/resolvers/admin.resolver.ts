import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { AdminAuthService } from '../../../admin/admin-auth.service';
import type { AdminService } from '../../../admin/admin.service';
import type { BookingService } from '../../../booking/booking.service';
import type { CancellationService } from '../../../money/cancellation.service';
import type { GraphQLContext } from '../context';
import { CommunityMessage } from '../../../community/community-message.entity';
import { dollarsToCents } from '../../../shared/money';
import { AdminLoginInput, CancelBookingInput, DeleteMessageInput, RecordPaymentInput, UpdateWorkshopPhotoInput } from '../../../admin/admin.input';
import { AdminBookingPayload, AdminLoginPayload, DeleteMessagePayload, UpdateWorkshopPhotoPayload } from '../../../admin/admin.types';

/**
 * The admin operations. @Authorized() ones run only when the request carries
 * the admin credential (the context's isAdmin, set by the admin guard);
 * otherwise they answer an UNAUTHENTICATED (or RATE_LIMITED) error.
 */
@Resolver()
export class AdminResolver {
  constructor(
    private readonly adminAuth: AdminAuthService,
    private readonly admin: AdminService,
    private readonly bookings: BookingService,
    private readonly cancellations: CancellationService,
  ) {}

  @Mutation(() => AdminLoginPayload, {
    description: 'Check the admin password. Wrong: an UNAUTHENTICATED error "Invalid password"; repeated failures: RATE_LIMITED.',
  })
  async adminLogin(@Arg('input') input: AdminLoginInput, @Ctx() ctx: GraphQLContext): Promise<AdminLoginPayload> {
    const { deviceToken, secondFactorMethods } = await this.adminAuth.loginOrThrow(input.password, ctx.adminClient);
    ctx.rememberAdminDevice(deviceToken);
    return { success: true, secondFactorRequired: secondFactorMethods.length > 0, secondFactorMethods };
  }

  @Authorized()
  @Mutation(() => UpdateWorkshopPhotoPayload, { description: 'Admin: set the photograph of a workshop.' })
  async updateWorkshopPhoto(@Arg('input') input: UpdateWorkshopPhotoInput): Promise<UpdateWorkshopPhotoPayload> {
    return { workshop: await this.admin.updateWorkshopPhotoOrThrow(input.workshopId, input.imageUrl) };
  }

  @Authorized()
  @Mutation(() => DeleteMessagePayload, { description: 'Admin: remove a community message (moderation).' })
  async deleteMessage(@Arg('input') input: DeleteMessageInput): Promise<DeleteMessagePayload> {
    await this.admin.deleteMessageOrThrow(input.id);
    return { deletedMessageId: input.id };
  }

  @Authorized()
  @Mutation(() => AdminBookingPayload, { description: 'Admin: cancel a booking; its spots come back and everything paid is refunded (adminCancelBookingWithRefund chooses the policy fee).' })
  async cancelBooking(@Arg('input') input: CancelBookingInput): Promise<AdminBookingPayload> {
    return { booking: await this.cancellations.cancelOrThrow(input.bookingId, 'admin', { applyPolicyFee: false }) };
  }

  @Authorized()
  @Mutation(() => AdminBookingPayload, { description: 'Admin: record a payment received outside the provider; a held booking becomes confirmed.' })
  async recordPayment(@Arg('input') input: RecordPaymentInput): Promise<AdminBookingPayload> {
    return { booking: await this.bookings.recordPaymentOrThrow(input.bookingId, dollarsToCents(input.amount)) };
  }
}

/** workshopName of a message, shown in the admin view. */
@Resolver(() => CommunityMessage)
export class CommunityMessageWorkshopNameResolver {
  @FieldResolver(() => String, { description: 'Name of the workshop the message was posted on.' })
  async workshopName(@Root() message: CommunityMessage, @Ctx() ctx: GraphQLContext): Promise<string> {
    if (message.workshop) return message.workshop.name;
    // Batched: a page of messages costs one catalog read, not one per message.
    return (await ctx.loaders.workshopById.load(message.workshopId))?.name ?? '';
  }
}
