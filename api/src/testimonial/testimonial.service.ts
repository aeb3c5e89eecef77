import type { Database } from '../infrastructure/db/data-source';
import { ReviewStatus, Testimonial } from './testimonial.entity';

/**
 * The public reviews: published ones only; the seed's samples only where the
 * owner allows them (SHOW_SAMPLE_REVIEWS: on in development, off in production
 * unless turned on, docs/decisions/090).
 */
export class TestimonialService {
  constructor(
    private readonly db: Database,
    private readonly showSamples: boolean,
  ) {}

  /** Newest reviews first. */
  async list(): Promise<Testimonial[]> {
    const q = this.db.manager.createQueryBuilder(Testimonial, 't').where('t.status = :published', { published: ReviewStatus.published });
    if (!this.showSamples) q.andWhere('t.sample = :no', { no: false });
    return q.orderBy('t.date', 'DESC').addOrderBy('t.id', 'ASC').getMany();
  }

  /** The published reviews of one workshop run by its participants, newest first (at most 100). */
  async listForWorkshop(workshopId: string): Promise<Testimonial[]> {
    return this.db.manager
      .createQueryBuilder(Testimonial, 't')
      .where('t.workshopId = :workshopId AND t.status = :published AND t.sample = :no', { workshopId, published: ReviewStatus.published, no: false })
      .orderBy('t.date', 'DESC')
      .addOrderBy('t.id', 'ASC')
      .take(100)
      .getMany();
  }
}
