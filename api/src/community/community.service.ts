import crypto from 'node:crypto';
import type { Database } from '../infrastructure/db/data-source';
import { PreparedSelect } from '../infrastructure/db/prepared-select';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { CALENDAR } from '../shared/workshop-calendar';
import { Booking } from '../booking/booking.entity';
import { holdsSpotsWhere } from '../booking/booking-lifecycle';
import type { WorkshopService } from '../workshop/workshop.service';
import type { OutboxService } from '../mail/outbox.service';
import { CommunityMessage } from './community-message.entity';
import { CommunityMails } from './community.mails';
import type { PostMessageInput } from './community.input';
import type { MessagePage, ParticipantsSummary } from './community.objects';
import { isTopicFilter, MESSAGE_PAGE, MessageTopic, TOPIC_FILTERS } from './community.types';

export interface ListMessagesOptions {
  /** all (default) or one topic; anything else is a BAD_USER_INPUT on `topic`. */
  topic?: unknown;
  /** Page size, 1 to MESSAGE_PAGE.maxSize. */
  first?: number;
  /** nextCursor of the previous page. */
  after?: string | null;
}

/** Position of a message in the board order (createdAt DESC, id DESC). Opaque to callers. */
interface Cursor {
  at: number;
  id: string;
}

export function encodeCursor(m: Pick<CommunityMessage, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([m.createdAt.getTime(), m.id])).toString('base64url');
}

function decodeCursorOrThrow(cursor: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(at) && typeof id === 'string' && id.length > 0 && id.length <= 36) return { at: at as number, id };
  } catch {
    // fall through to the error below
  }
  throw AppError.invalid([{ field: 'after', message: 'after is not a cursor returned by this API' }]);
}

const NAME_SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

/**
 * The name the public sees on the participants panel: first name and last
 * initial ("Maria Garcia" -> "Maria G."); a single name stays as it is.
 */
export function publicName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  while (words.length > 2 && NAME_SUFFIXES.has(words[words.length - 1].toLowerCase())) words.pop();
  if (words.length === 0) return 'Guest';
  if (words.length === 1) return words[0];
  const initial = Array.from(words[words.length - 1])[0].toLocaleUpperCase('en-US');
  return `${words[0]} ${initial}.`;
}

/** The community board of each workshop and its "who's going" panel. */
export class CommunityService {
  constructor(
    private readonly db: Database,
    private readonly workshops: WorkshopService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** The admin hears of every new message through the mail outbox (same transaction). */
    outbox: OutboxService | null = null,
  ) {
    this.mails = outbox ? new CommunityMails(outbox) : null;
    this.messageReads = new PreparedSelect(db, CommunityMessage);
    this.participantReads = new PreparedSelect(db, Booking);
  }

  private readonly mails: CommunityMails | null;
  /** The board and the panel are read on every visit: plain SQL once built (docs/performance.md). */
  private readonly messageReads: PreparedSelect<CommunityMessage>;
  private readonly participantReads: PreparedSelect<Booking>;

  /** A page of a workshop's board, newest first; NOT_FOUND for an unknown workshop. */
  async listMessagesOrThrow(workshopId: string, options: ListMessagesOptions = {}): Promise<MessagePage> {
    const topic = options.topic ?? 'all';
    if (!isTopicFilter(topic)) {
      throw AppError.invalid([{ field: 'topic', message: `topic must be one of ${TOPIC_FILTERS.join(', ')}` }]);
    }
    const first = options.first ?? MESSAGE_PAGE.defaultSize;
    if (!Number.isInteger(first) || first < 1 || first > MESSAGE_PAGE.maxSize) {
      throw AppError.invalid([{ field: 'first', message: `first must be between 1 and ${MESSAGE_PAGE.maxSize}` }]);
    }
    const cursor = options.after ? decodeCursorOrThrow(options.after) : null;
    await this.workshops.getByIdOrThrow(workshopId);

    const build = () => {
      const query = this.db.manager
        .createQueryBuilder(CommunityMessage, 'm')
        .where('m.workshopId = :workshopId')
        .orderBy('m.createdAt', 'DESC')
        .addOrderBy('m.id', 'DESC')
        .limit(first + 1);
      if (topic !== 'all') query.andWhere('m.topic = :topic');
      if (cursor) query.andWhere('(m.createdAt < :cursorAt OR (m.createdAt = :cursorAt AND m.id < :cursorId))');
      return query;
    };
    const parameters = { workshopId, topic, cursorAt: cursor ? new Date(cursor.at) : null, cursorId: cursor?.id ?? null };
    const rows = await this.messageReads.run(`${first}:${topic === 'all'}:${cursor !== null}`, build, parameters);
    const hasMore = rows.length > first;
    const messages = hasMore ? rows.slice(0, first) : rows;
    return { messages, hasMore, nextCursor: hasMore ? encodeCursor(messages[messages.length - 1]) : null };
  }

  /**
   * Store a validated message exactly as sent (the HTTP layer applies the
   * posting rate limit first) and answer NOT_FOUND for an unknown workshop,
   * BOARD_CLOSED once the board closed (30 days after the workshop's end,
   * docs/decisions/059).
   * A filled honeypot is answered like a success but nothing is stored, so a
   * bot cannot tell it was caught (docs/decisions/010-community-board.md).
   */
  async postMessageOrThrow(input: PostMessageInput): Promise<CommunityMessage> {
    const workshop = await this.workshops.getByIdOrThrow(input.workshopId);
    if (!this.workshops.isBoardOpen(workshop)) {
      throw new AppError(ErrorCode.BOARD_CLOSED, `The community board of ${workshop.name} closed ${CALENDAR.boardOpenDaysAfterEnd} days after the workshop ended; it stays readable`, [
        { field: 'workshopId', message: 'workshopId is a workshop whose board is closed to new messages' },
      ]);
    }
    const message = this.db.manager.create(CommunityMessage, {
      id: crypto.randomUUID(),
      workshopId: workshop.id,
      authorName: input.authorName,
      authorEmail: input.authorEmail,
      message: input.message,
      topic: input.topic ?? MessageTopic.general,
      createdAt: new Date(this.clock().getTime()),
    });
    if (typeof input.website === 'string' && input.website.trim() !== '') {
      this.logger.info({ workshopId: workshop.id }, 'community post dropped: honeypot field filled');
      return message;
    }
    await this.db.transaction(async (m) => {
      await m.insert(CommunityMessage, message);
      await this.mails?.messagePosted(m, message);
    });
    return message;
  }

  /**
   * Who's going: bookings that hold spots right now (confirmed, or held with no
   * expiry or one still ahead), oldest first, with public names only.
   */
  async participantsOrThrow(workshopId: string): Promise<ParticipantsSummary> {
    await this.workshops.getByIdOrThrow(workshopId);
    const [holdsSpots, holdsSpotsParameters] = holdsSpotsWhere('b', this.clock());
    const build = () =>
      this.db.manager
        .createQueryBuilder(Booking, 'b')
        // Only what the panel shows; the order (first booked first) needs no column of its own.
        .select(['b.customerName', 'b.numParticipants'])
        .where('b.workshopId = :workshopId')
        .andWhere(holdsSpots)
        .orderBy('b.createdAt', 'ASC')
        .addOrderBy('b.id', 'ASC');
    const bookings = await this.participantReads.run('holding spots', build, { workshopId, ...holdsSpotsParameters });
    return {
      workshopId,
      totalParticipants: bookings.reduce((sum, b) => sum + b.numParticipants, 0),
      bookings: bookings.map((b) => ({ customerName: publicName(b.customerName), numParticipants: b.numParticipants })),
    };
  }
}
