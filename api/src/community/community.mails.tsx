import type { EntityManager } from 'typeorm';
import { Facts, MailLayout, Paragraph, Quote, TextLink } from '../mail/mail-layout';
import type { MailTemplate, MailTemplates } from '../mail/mail.types';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import type { CommunityMessage } from './community-message.entity';

/** The mails the community board sends; the value is stored in mail_outbox.kind. */
export const CommunityMailKind = {
  /** Admin: a new community message. */
  adminCommunityMessage: 'admin_community_message',
} as const;

/** A community message as the admin notice shows it. */
export interface CommunityMessageMailData {
  messageId: string;
  workshopId: string;
  workshopName: string;
  authorName: string;
  authorEmail: string;
  topic: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

const TOPIC_LABELS: Record<string, string> = {
  general: 'General',
  ride_sharing: 'Ride sharing',
  equipment: 'Equipment',
  questions: 'Questions',
};
const topicOf = (d: CommunityMessageMailData) => TOPIC_LABELS[d.topic] ?? d.topic;

/** A new message on a workshop's community board. */
export const adminCommunityMessage: MailTemplate<CommunityMessageMailData> = {
  subject: (d) => `New community message on ${d.workshopName} (${topicOf(d)})`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="New community message" preheader={d.message.slice(0, 120)}>
      <Paragraph>{`${d.authorName} posted on the ${d.workshopName} community board:`}</Paragraph>
      <Quote text={d.message} />
      <Facts
        facts={[
          ['Workshop', d.workshopName],
          ['Topic', topicOf(d)],
          ['From', `${d.authorName} <${d.authorEmail}>`],
          ['Posted', `${d.createdAt.slice(0, 16).replace('T', ' ')} UTC`],
        ]}
      />
      <Paragraph>
        Read and answer it on the <TextLink href={`${ctx.origin}/workshop/${encodeURIComponent(d.workshopId)}/community`}>community board</TextLink>.
      </Paragraph>
    </MailLayout>
  ),
};

/** How each community mail looks, by kind: registered with the outbox by the composition root. */
export const COMMUNITY_MAILS: MailTemplates = {
  [CommunityMailKind.adminCommunityMessage]: adminCommunityMessage,
};

/** Which mails a community event sends, written in the transaction that stores it. */
export class CommunityMails {
  constructor(private readonly outbox: OutboxService) {}

  /** A new message: a notice to the admin. */
  async messagePosted(m: EntityManager, message: CommunityMessage): Promise<void> {
    const workshop = await m.findOneBy(Workshop, { id: message.workshopId });
    const data: CommunityMessageMailData = {
      messageId: message.id,
      workshopId: message.workshopId,
      workshopName: workshop?.name ?? message.workshopId,
      authorName: message.authorName,
      authorEmail: message.authorEmail,
      topic: message.topic,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
    };
    await this.outbox.enqueue(m, { kind: CommunityMailKind.adminCommunityMessage, to: this.outbox.adminEmail, payload: data });
  }
}
