import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { CommunityMessage } from '../community/community-message.entity';
import { Workshop } from '../workshop/workshop.entity';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';

/**
 * The admin dashboard's changes to messages and photos (its figures are
 * AdminStatsService's, its lists AdminListsService's). Callers have already
 * passed the admin guard; nothing here is reachable without it.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Each change below is recorded in its own transaction (docs/decisions/060). */
    private readonly audit: AuditLog,
  ) {}

  /** Moderation: remove a message; 404 when there is no such message. */
  async deleteMessageOrThrow(id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const existing = await m.findOneBy(CommunityMessage, { id });
      if (!existing) throw AppError.notFound('Message');
      await m.delete(CommunityMessage, { id });
      const { authorName, authorEmail, topic, message, createdAt } = existing;
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'message.deleted',
        workshopId: existing.workshopId,
        before: { id, authorName, authorEmail, topic, message, createdAt },
        detail: `Message by ${authorName} removed from the board`,
      });
    });
  }

  /** Set a workshop's photograph (the address is validated by the input class); 404 for an unknown workshop. */
  async updateWorkshopPhotoOrThrow(workshopId: string, imageUrl: string): Promise<Workshop> {
    return this.db.transaction(async (m) => {
      const existing = await m.findOneBy(Workshop, { id: workshopId });
      if (!existing) throw AppError.notFound('Workshop');
      // A targeted update: never write back the whole row (spotsClaimed is changed elsewhere).
      await m.update(Workshop, { id: workshopId }, { imageUrl, updatedAt: this.clock() });
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'workshop.photo_changed', workshopId, before: { imageUrl: existing.imageUrl }, after: { imageUrl } });
      return (await m.findOneBy(Workshop, { id: workshopId }))!;
    });
  }
}
