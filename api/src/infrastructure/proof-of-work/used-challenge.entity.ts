import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Proof-of-work challenges already redeemed. The primary key makes a second use
 * of the same solution fail on every app instance; rows past their expiry are
 * deleted whenever a challenge is issued (the challenge itself is refused by then).
 */
@Entity({ name: 'used_challenges' })
@Index('idx_used_challenges_expires', ['expiresAt'])
export class UsedChallenge {
  /** The challenge's nonce (random, signed into the challenge). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt: Date;
}
