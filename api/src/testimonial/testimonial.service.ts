import type { Database } from '../infrastructure/db/data-source';
import { Testimonial } from './testimonial.entity';

export class TestimonialService {
  constructor(private readonly db: Database) {}

  /** Newest reviews first. */
  async list(): Promise<Testimonial[]> {
    return this.db.manager.find(Testimonial, { order: { date: 'DESC', id: 'ASC' } });
  }
}
