import type { Database } from '../infrastructure/db/data-source';
import { WORKSHOP_SEEDS } from './workshops';
import { TESTIMONIAL_SEEDS } from './testimonials';
import { POLICY } from '../shared/policy';
import { Testimonial } from '../testimonial/testimonial.entity';
import { Workshop } from '../workshop/workshop.entity';

/** Image shipped with the web app for a seeded workshop. */
export const seedImageUrl = (id: string): string => `/images/workshops/${id}.svg`;

/**
 * Fill an empty database with the 2026 season and reviews. Tables that already
 * hold rows are left alone, so a restart never duplicates or overwrites data.
 */
export async function seedIfEmpty(db: Database, now = new Date()): Promise<{ workshops: number; testimonials: number }> {
  return db.transaction(async (m) => {
    let workshops = 0;
    let testimonials = 0;
    if ((await m.count(Workshop)) === 0) {
      const rows = WORKSHOP_SEEDS.map((s) =>
        m.create(Workshop, {
          id: s.id,
          name: s.name,
          description: s.description,
          location: s.location,
          state: s.state,
          startDate: s.startDate,
          endDate: s.endDate,
          timeZone: s.timeZone,
          durationDays: s.days.length,
          priceCents: s.priceCents,
          capacity: POLICY.maxGroupSize,
          spotsClaimed: 0,
          difficultyLevel: s.difficultyLevel,
          workshopType: s.workshopType,
          imageUrl: seedImageUrl(s.id),
          highlights: s.highlights,
          itinerary: s.days.map((d, i) => `Day ${i + 1}: ${d}`).join('\n'),
          privateRoomSupplementCents: s.privateRoomSupplementCents,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await m.save(rows);
      workshops = rows.length;
    }
    if ((await m.count(Testimonial)) === 0) {
      await m.save(TESTIMONIAL_SEEDS.map((t) => m.create(Testimonial, t)));
      testimonials = TESTIMONIAL_SEEDS.length;
    }
    return { workshops, testimonials };
  });
}
