import type { EntityManager } from 'typeorm';
import { formatDateRange } from '../shared/dates';
import { ActionButton, Facts, MailLayout, Paragraph, TextLink } from '../mail/mail-layout';
import type { MailTemplate, MailTemplates } from '../mail/mail.types';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import type { WaitlistEntry } from './waitlist-entry.entity';
import { CONFIRM_HOURS, OFFER_HOURS } from './waitlist.types';

/** The mails the waiting list sends; the value is stored in mail_outbox.kind. */
export const WaitlistMailKind = {
  /** To the address given when joining: confirm your place (the only mail before it is confirmed). */
  waitlistConfirm: 'waitlist_confirm',
  /** Customer, once the address is confirmed: you are on the waiting list. */
  waitlistJoined: 'waitlist_joined',
  /** Customer: spots are held for you; the link books them. */
  waitlistOffer: 'waitlist_offer',
  /** Customer: the workshop was cancelled, so its waiting list is closed. */
  waitlistClosed: 'waitlist_closed',
} as const;

/** A waiting-list entry as its mails show it. */
export interface WaitlistMailData {
  entryId: string;
  workshopId: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  /** IANA zone of the workshop: the offer's expiry is shown in it. */
  timeZone: string;
  name: string;
  spots: number;
  /** Offer only: ISO 8601 (UTC) end of the hold. */
  expiresAt?: string;
  /** Offer only: the secret of the link (the entry stores only its hash). */
  offerToken?: string;
  /** Confirmation request only: the token of the confirmation link (signed, nothing stored). */
  confirmToken?: string;
}

const spotsText = (n: number) => `${n} ${n === 1 ? 'spot' : 'spots'}`;
const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const datesOf = (d: WaitlistMailData) => formatDateRange(d.startDate, d.endDate);

/** "Wed, Nov 25, 2026, 10:17 AM MST": the offer's end in the workshop's own time zone. */
export function formatOfferExpiry(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}

/** The booking form with the offer applied. */
export const offerUrl = (origin: string, d: Pick<WaitlistMailData, 'workshopId' | 'offerToken'>) =>
  `${origin}/booking/${encodeURIComponent(d.workshopId)}?offer=${encodeURIComponent(d.offerToken ?? '')}`;

/** The page that confirms an entry; the token in the fragment, which no server, proxy log or Referer ever sees. */
export const confirmUrl = (origin: string, d: Pick<WaitlistMailData, 'entryId' | 'confirmToken'>) =>
  `${origin}/waitlist/confirm/${encodeURIComponent(d.entryId)}#${d.confirmToken ?? ''}`;

/**
 * Sent to an address nobody has confirmed yet (anyone may type any address):
 * no greeting and no text the visitor chose, only our workshop's facts and the
 * link (issue 21 finding 10).
 */
export const waitlistConfirm: MailTemplate<WaitlistMailData> = {
  subject: (d) => `Confirm your place on the waiting list: ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Confirm your place on the waiting list" preheader={`One click puts this address on the waiting list of ${d.workshopName}.`}>
      <Paragraph>{`This address was given to join the waiting list of ${d.workshopName} (${datesOf(d)}) for ${spotsText(d.spots)}. To take your place in the queue, confirm it:`}</Paragraph>
      <ActionButton href={confirmUrl(ctx.origin, d)}>Confirm my place</ActionButton>
      <Paragraph>{`The link works for ${CONFIRM_HOURS} hours. Only confirmed requests get offers when spots come back.`}</Paragraph>
      <Paragraph>{`Not you? Ignore this email: nothing happens without the confirmation, and we will not write again about it.`}</Paragraph>
    </MailLayout>
  ),
};

export const waitlistJoined: MailTemplate<WaitlistMailData> = {
  subject: (d) => `You are on the waiting list: ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="You are on the waiting list" preheader={`We will write as soon as ${spotsText(d.spots)} open up on ${d.workshopName}.`}>
      <Paragraph>{`Thank you, ${firstName(d.name)}! ${d.workshopName} (${datesOf(d)}) is sold out, and you are on its waiting list for ${spotsText(d.spots)}.`}</Paragraph>
      <Paragraph>
        {`When spots come back, the first request on the list that fits them gets an email with a link that holds the spots for ${OFFER_HOURS} hours. Nothing is charged until you book.`}
      </Paragraph>
      <Facts
        facts={[
          ['Workshop', d.workshopName],
          ['Dates', datesOf(d)],
          ['Spots wanted', String(d.spots)],
        ]}
      />
      <Paragraph>
        See the <TextLink href={`${ctx.origin}/workshop/${encodeURIComponent(d.workshopId)}`}>workshop page</TextLink>. Changed your mind? Just reply to this email.
      </Paragraph>
    </MailLayout>
  ),
};

export const waitlistOffer: MailTemplate<WaitlistMailData> = {
  subject: (d) => `Spots are held for you: ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => {
    const until = formatOfferExpiry(d.expiresAt ?? '', d.timeZone);
    return (
      <MailLayout ctx={ctx} title="Spots are held for you" preheader={`${spotsText(d.spots)} on ${d.workshopName} are yours to book until ${until}.`}>
        <Paragraph>{`Good news, ${firstName(d.name)}! ${spotsText(d.spots)} opened up on ${d.workshopName} (${datesOf(d)}), and we are holding them for you.`}</Paragraph>
        <Facts
          facts={[
            ['Workshop', d.workshopName],
            ['Dates', datesOf(d)],
            ['Spots held', String(d.spots)],
            ['Held until', until],
          ]}
        />
        <ActionButton href={offerUrl(ctx.origin, d)}>Book your spots</ActionButton>
        <Paragraph>{`Nobody else can book these spots until then. If you do not book by then, they go to the next person on the waiting list.`}</Paragraph>
      </MailLayout>
    );
  },
};

export const waitlistClosed: MailTemplate<WaitlistMailData> = {
  subject: (d) => `${d.workshopName} (${datesOf(d)}) is cancelled`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="This workshop is cancelled" preheader={`${d.workshopName} will not run; your place on its waiting list is closed.`}>
      <Paragraph>{`Hi ${firstName(d.name)}, we are sorry: ${d.workshopName} (${datesOf(d)}) will not run, so its waiting list is closed. Nothing was charged.`}</Paragraph>
      <Paragraph>
        See our <TextLink href={`${ctx.origin}/workshops`}>other workshops</TextLink>: we would love to have you on another one.
      </Paragraph>
    </MailLayout>
  ),
};

/** How each waiting-list mail looks, by kind: registered with the outbox by the composition root. */
export const WAITLIST_MAILS: MailTemplates = {
  [WaitlistMailKind.waitlistConfirm]: waitlistConfirm,
  [WaitlistMailKind.waitlistJoined]: waitlistJoined,
  [WaitlistMailKind.waitlistOffer]: waitlistOffer,
  [WaitlistMailKind.waitlistClosed]: waitlistClosed,
};

/** Which mails a waiting-list event sends, written in the transaction of the change. */
export class WaitlistMails {
  constructor(private readonly outbox: OutboxService) {}

  /**
   * Confirm your place: the one mail before the address is confirmed, under the
   * outbox's per-recipient limit (a flood of requests for one address is suppressed).
   */
  async confirmRequest(m: EntityManager, entry: WaitlistEntry, token: string): Promise<void> {
    const data: WaitlistMailData = { ...mailData(entry, await m.findOneByOrFail(Workshop, { id: entry.workshopId })), name: '', confirmToken: token };
    await this.outbox.enqueue(m, { kind: WaitlistMailKind.waitlistConfirm, to: entry.email, payload: data });
  }

  /** The address was confirmed: you are on the list. */
  async joined(m: EntityManager, entry: WaitlistEntry): Promise<void> {
    const data = mailData(entry, await m.findOneByOrFail(Workshop, { id: entry.workshopId }));
    await this.outbox.enqueue(m, { kind: WaitlistMailKind.waitlistJoined, to: entry.email, payload: data });
  }

  /** The workshop was cancelled: the entry is closed. */
  async closed(m: EntityManager, entry: WaitlistEntry, workshop: Workshop): Promise<void> {
    await this.outbox.enqueue(m, { kind: WaitlistMailKind.waitlistClosed, to: entry.email, payload: mailData(entry, workshop) });
  }

  /**
   * An offer: past the recipient limit, since the spots are held for this
   * person alone and an offer nobody hears of would block them for 48 hours.
   */
  async offered(m: EntityManager, entry: WaitlistEntry, token: string, workshop: Workshop): Promise<void> {
    const data: WaitlistMailData = { ...mailData(entry, workshop), expiresAt: entry.offerExpiresAt!.toISOString(), offerToken: token };
    await this.outbox.enqueue(m, { kind: WaitlistMailKind.waitlistOffer, to: entry.email, payload: data, beyondLimit: true });
  }
}

function mailData(entry: WaitlistEntry, w: Workshop): WaitlistMailData {
  return {
    entryId: entry.id,
    workshopId: w.id,
    workshopName: w.name,
    startDate: w.startDate,
    endDate: w.endDate,
    timeZone: w.timeZone,
    name: entry.name,
    spots: entry.spots,
  };
}
