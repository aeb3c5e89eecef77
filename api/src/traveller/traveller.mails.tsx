import { formatDateRange } from '../shared/dates';
import { formatIsoDate } from '../shared/policy';
import { TASK_LABELS, type TaskKind } from '../shared/pre-trip';
import { ActionButton, BulletList, Facts, MailLayout, Paragraph } from '../mail/mail-layout';
import type { MailContext, MailTemplate, MailTemplates } from '../mail/mail.types';
import { signedWaiverPdf, type SignedWaiver } from './waiver-pdf';

/** The mails of travellers' tasks; the value is stored in mail_outbox.kind. */
export const TravellerMailKind = {
  /** To a named traveller: your own pre-trip tasks, with your link. */
  tasksInvite: 'traveller_tasks_invite',
  /** 7, 3, 0 days before the deadline and 2 days after: only what is still missing. */
  tasksReminder: 'traveller_tasks_reminder',
  /** The signed copy of the waiver (a PDF made from the payload when sent). */
  waiverSigned: 'traveller_waiver_signed',
} as const;

export interface TravellerMailData {
  travellerId: string;
  /** Who the mail greets: the traveller, or the booker for a traveller not named yet. */
  name: string;
  /** The traveller the tasks are about, when the mail goes to the booker on their behalf. */
  forName?: string | null;
  /** True: the booker is written to (the traveller has no address yet): the manage page is the way in. */
  toBooker?: boolean;
  bookingId: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  deadline: string;
  missing?: TaskKind[];
  /** Days relative to the deadline (reminders only): -7, -3, 0, 2. */
  offset?: number;
}

export interface WaiverSignedMailData {
  travellerId: string;
  name: string;
  pdfName: string;
  waiver: Omit<SignedWaiver, 'signedAt'> & { signedAt: string };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const datesOf = (d: { startDate: string; endDate: string }) => formatDateRange(d.startDate, d.endDate);

/** The traveller's own tasks page (its token in the fragment), or the booker's manage page. */
function tasksLink(d: TravellerMailData, ctx: MailContext): string {
  if (d.toBooker) return ctx.links?.manageBooking(d.bookingId) ?? `${ctx.origin}/`;
  return ctx.links?.travellerTasks?.(d.travellerId) ?? `${ctx.origin}/`;
}

export const tasksInvite: MailTemplate<TravellerMailData> = {
  subject: (d) => `Before you go: your tasks for ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your pre-trip tasks" preheader={`Four short tasks before ${d.workshopName}, due by ${formatIsoDate(d.deadline)}.`}>
      <Paragraph>{`Hi ${firstName(d.name)}, you are travelling on ${d.workshopName} (${datesOf(d)}). Before the trip we need a few things from you, by ${formatIsoDate(d.deadline)}:`}</Paragraph>
      <BulletList items={Object.values(TASK_LABELS)} />
      <ActionButton href={tasksLink(d, ctx)}>Open my tasks</ActionButton>
      <Paragraph>This link is personal: it opens your tasks only. Please do not forward it.</Paragraph>
    </MailLayout>
  ),
};

const reminderTitle = (offset: number | undefined) =>
  offset === undefined || offset < 0 ? 'A reminder: tasks before your trip' : offset === 0 ? 'Your pre-trip tasks are due today' : 'Your pre-trip tasks are overdue';

export const tasksReminder: MailTemplate<TravellerMailData> = {
  subject: (d) => `${reminderTitle(d.offset)}: ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title={reminderTitle(d.offset)} preheader={`Still to do before ${d.workshopName}: ${(d.missing ?? []).length} of 4 tasks.`}>
      <Paragraph>
        {d.forName !== undefined
          ? `Hi ${firstName(d.name)}, ${d.forName ?? 'a traveller on your booking who is not named yet'} still has tasks to do before ${d.workshopName} (${datesOf(d)}), due by ${formatIsoDate(d.deadline)}:`
          : `Hi ${firstName(d.name)}, a few things are still missing before ${d.workshopName} (${datesOf(d)}), due by ${formatIsoDate(d.deadline)}:`}
      </Paragraph>
      <BulletList items={(d.missing ?? []).map((t) => TASK_LABELS[t])} />
      <ActionButton href={tasksLink(d, ctx)}>{d.toBooker ? 'Open my booking' : 'Open my tasks'}</ActionButton>
      <Paragraph>Everything else is done: thank you.</Paragraph>
    </MailLayout>
  ),
};

export const waiverSigned: MailTemplate<WaiverSignedMailData> = {
  subject: (d) => `Your signed release: ${d.waiver.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your signed release of liability" preheader="A copy of the release you signed is attached.">
      <Paragraph>{`Hi ${firstName(d.name)}, thank you for signing the release of liability for ${d.waiver.workshopName} (${d.waiver.workshopDates}). Your signed copy is attached as a PDF.`}</Paragraph>
      <Facts
        facts={[
          ['Name typed', d.waiver.nameTyped],
          ['Signed at (UTC)', d.waiver.signedAt],
          ['Version', d.waiver.version ? String(d.waiver.version) : 'default'],
        ]}
      />
    </MailLayout>
  ),
  attachments: async (d) => [
    { filename: d.pdfName, contentType: 'application/pdf', encoding: 'base64', content: Buffer.from(await signedWaiverPdf({ ...d.waiver, signedAt: new Date(d.waiver.signedAt) })).toString('base64') },
  ],
};

export const TRAVELLER_MAILS: MailTemplates = {
  [TravellerMailKind.tasksInvite]: tasksInvite,
  [TravellerMailKind.tasksReminder]: tasksReminder,
  [TravellerMailKind.waiverSigned]: waiverSigned,
};
