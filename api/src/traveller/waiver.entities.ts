import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workshop } from '../workshop/workshop.entity';
import { Traveller } from './traveller.entity';

/**
 * One version of a workshop's release of liability (docs/decisions/085). Never
 * changed or deleted: an edit by the admin adds a version; the newest is current.
 */
@Entity({ name: 'waiver_versions' })
@Index('idx_waiver_versions_workshop_version', ['workshopId', 'version'], { unique: true })
export class WaiverVersion {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @ManyToOne(() => Workshop, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workshop_id' })
  workshop?: Workshop;

  /** 1, 2, 3... per workshop. */
  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'text' })
  text: string;

  /** SHA-256 (hex) of the text as UTF-8: what a signature names. */
  @Column({ type: 'varchar', length: 64 })
  contentHash: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;
}

/** A traveller's signature of one waiver version: kept for good, even when a newer version asks again. */
@Entity({ name: 'waiver_signatures' })
// One signature per traveller, workshop and text: a second (a double click, two tabs) is refused by the key.
@Index('idx_waiver_signatures_unique', ['travellerId', 'workshopId', 'contentHash'], { unique: true })
export class WaiverSignature {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  travellerId: string;

  @ManyToOne(() => Traveller, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'traveller_id' })
  traveller?: Traveller;

  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @Column({ type: 'varchar', length: 36 })
  waiverVersionId: string;

  /** The signed text's SHA-256, copied from its version. */
  @Column({ type: 'varchar', length: 64 })
  contentHash: string;

  /** The full legal name as typed. */
  @Column({ type: 'varchar', length: 120 })
  nameTyped: string;

  /** Who signed: the traveller through their link, or the booker for them on the manage page. */
  @Column({ type: 'varchar', length: 10 })
  signedBy: string;

  @Column({ type: 'datetime', precision: 3 })
  signedAt: Date;

  @Column({ type: 'varchar', length: 45 })
  ip: string;

  @Column({ type: 'varchar', length: 500 })
  userAgent: string;
}
