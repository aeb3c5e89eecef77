import { formatDateRange } from '../shared/dates';
import { ActionButton, MailLayout, Paragraph } from '../mail/mail-layout';
import type { MailTemplate, MailTemplates } from '../mail/mail.types';

/** The one mail of a lapsed checkout; the value is stored in mail_outbox.kind. */
export const RecoveryMailKind = { checkoutRecovery: 'checkout_recovery' } as const;

export interface RecoveryMailData {
  bookingId: string;
  workshopId: string;
  name: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  numParticipants: number;
  /** Spots were left when the mail was written: the link resumes the booking; otherwise it offers the waiting list. */
  spotsLeft: boolean;
  /** The link, signed when the mail was written (recovery-links.ts). */
  url: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const spots = (n: number) => (n === 1 ? 'one place' : `${n} places`);

export const checkoutRecovery: MailTemplate<RecoveryMailData> = {
  subject: (d) => (d.spotsLeft ? `Your booking for ${d.workshopName} is not finished` : `${d.workshopName} filled up: join the waiting list`),
  Body: ({ data: d, ctx }) => (
    <MailLayout
      ctx={ctx}
      title={d.spotsLeft ? 'Finish your booking' : 'Join the waiting list'}
      preheader={d.spotsLeft ? `Your choices for ${d.workshopName} are saved: finish in a few clicks.` : `${d.workshopName} is full for now.`}
    >
      <Paragraph>{`Hi ${firstName(d.name)}, you started booking ${spots(d.numParticipants)} on ${d.workshopName} (${formatDateRange(d.startDate, d.endDate)}) but the payment was not finished, so the places were released.`}</Paragraph>
      {d.spotsLeft ? (
        <>
          <Paragraph>There is still room. This link shows your choices again with today's prices; one click takes you to a fresh, secure checkout.</Paragraph>
          <ActionButton href={d.url}>Finish my booking</ActionButton>
        </>
      ) : (
        <>
          <Paragraph>The workshop has filled up since. Join the waiting list and we will write to you as soon as a place opens.</Paragraph>
          <ActionButton href={d.url}>Join the waiting list</ActionButton>
        </>
      )}
      <Paragraph>You asked for this one reminder when you booked. We will not write about this booking again.</Paragraph>
    </MailLayout>
  ),
};

export const RECOVERY_MAILS: MailTemplates = {
  [RecoveryMailKind.checkoutRecovery]: checkoutRecovery,
};
