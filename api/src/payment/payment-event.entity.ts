import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Payment provider events already processed. The primary key on the provider's
 * event id is what makes webhook replays harmless: a second insert fails.
 */
@Entity({ name: 'payment_events' })
export class PaymentEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 80 })
  type: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  @Column({ type: 'datetime', precision: 3 })
  receivedAt: Date;
}
