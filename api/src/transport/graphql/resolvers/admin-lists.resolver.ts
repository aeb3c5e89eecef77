import { Args, Authorized, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { AdminListsService } from '../../../admin/admin-lists.service';
import { AdminBookingsArgs, AdminMessagesArgs } from '../../../admin/admin-lists.input';
import { AdminBookingPage, AdminCounts, AdminMessagePage } from '../../../admin/admin-lists.objects';
import { FilterCount } from '../../../infrastructure/paging';
import { Booking } from '../../../booking/booking.entity';
import { CommunityMessage } from '../../../community/community-message.entity';

/** The admin dashboard's lists, a page at a time (docs/decisions/075). */
@Resolver()
export class AdminListsResolver {
  constructor(private readonly lists: AdminListsService) {}

  @Authorized()
  @Query(() => AdminCounts, { description: "Admin: the sizes of the bookings and messages lists (the dashboard's tab labels), counted without reading rows." })
  adminCounts(): Promise<AdminCounts> {
    return this.lists.counts();
  }

  @Authorized()
  @Query(() => AdminBookingPage, { description: 'Admin: bookings with all participant details, newest first, filtered (text, workshop, status, payment status, created range) and paged by cursor.' })
  adminBookingPage(@Args() args: AdminBookingsArgs): Promise<AdminBookingPage> {
    return this.lists.bookingPageOrThrow(args);
  }

  @Authorized()
  @Query(() => AdminMessagePage, { description: 'Admin: community messages of every board, newest first, filtered (workshop, topic, created range) and paged by cursor.' })
  adminMessagePage(@Args() args: AdminMessagesArgs): Promise<AdminMessagePage> {
    return this.lists.messagePageOrThrow(args);
  }

  @Authorized()
  @Query(() => [Booking], { description: 'Admin: every booking, newest first, with all participant details.', deprecationReason: 'Reads every booking: use adminBookingPage.' })
  adminBookings(): Promise<Booking[]> {
    return this.lists.allBookings();
  }

  @Authorized()
  @Query(() => [CommunityMessage], { description: 'Admin: every community message, newest first.', deprecationReason: 'Reads every message: use adminMessagePage.' })
  adminMessages(): Promise<CommunityMessage[]> {
    return this.lists.allMessages();
  }
}

/** The counts of a bookings page: each one query, run only when asked for. */
@Resolver(() => AdminBookingPage)
export class AdminBookingPageResolver {
  constructor(private readonly lists: AdminListsService) {}

  @FieldResolver(() => Int, { description: 'Bookings matching the filters.' })
  totalCount(@Root() page: AdminBookingPage): Promise<number> {
    return this.lists.countBookings(page.filters);
  }

  @FieldResolver(() => [FilterCount], { description: 'Bookings per payment status, with the other filters (the payment status filter left out).' })
  paymentStatusCounts(@Root() page: AdminBookingPage): Promise<FilterCount[]> {
    return this.lists.bookingCountsBy(page.filters, 'paymentStatus');
  }

  @FieldResolver(() => [FilterCount], { description: 'Bookings per status, with the other filters (the status filter left out).' })
  statusCounts(@Root() page: AdminBookingPage): Promise<FilterCount[]> {
    return this.lists.bookingCountsBy(page.filters, 'status');
  }

  @FieldResolver(() => [FilterCount], { description: 'Bookings per workshop run (value: its id), with the other filters (the workshop filter left out).' })
  workshopCounts(@Root() page: AdminBookingPage): Promise<FilterCount[]> {
    return this.lists.bookingCountsBy(page.filters, 'workshopId');
  }
}

/** The counts of a messages page, run only when asked for. */
@Resolver(() => AdminMessagePage)
export class AdminMessagePageResolver {
  constructor(private readonly lists: AdminListsService) {}

  @FieldResolver(() => Int, { description: 'Messages matching the filters.' })
  totalCount(@Root() page: AdminMessagePage): Promise<number> {
    return this.lists.countMessages(page.filters);
  }

  @FieldResolver(() => [FilterCount], { description: 'Messages per topic, with the other filters (the topic filter left out).' })
  topicCounts(@Root() page: AdminMessagePage): Promise<FilterCount[]> {
    return this.lists.messageCountsByTopic(page.filters);
  }

  @FieldResolver(() => [FilterCount], { description: 'Messages per workshop run (value: its id), with the other filters (the workshop filter left out).' })
  workshopCounts(@Root() page: AdminMessagePage): Promise<FilterCount[]> {
    return this.lists.messageCountsByWorkshop(page.filters);
  }
}
