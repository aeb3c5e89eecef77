import { Booking } from '../booking/booking.entity';
import { CommunityMessage } from '../community/community-message.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { PaymentEvent } from '../payment/payment-event.entity';
import { Testimonial } from '../testimonial/testimonial.entity';
import { Workshop } from '../workshop/workshop.entity';
import { Initial1795304002232 } from './migrations/1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './migrations/1795307088400-AddMailOutbox';

/** Every entity of the product; the data source is built from this list. */
export const ENTITIES = [Workshop, Booking, CommunityMessage, Testimonial, PaymentEvent, MailOutbox];

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Initial1795304002232, AddMailOutbox1795307088400];
