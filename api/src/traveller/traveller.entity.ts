import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Booking } from '../booking/booking.entity';

/**
 * One person travelling on a booking (docs/decisions/084). A booking for N
 * participants has N travellers: the booker is position 1, the others are
 * named on the booking form or later on the manage page ("I'll add them
 * later": name and email null). Each traveller's pre-trip tasks live on the
 * row (health, travel, gear) or beside it (waiver signatures).
 */
@Entity({ name: 'travellers' })
@Index('idx_travellers_booking_position', ['bookingId', 'position'], { unique: true })
export class Traveller {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  @ManyToOne(() => Booking, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'booking_id' })
  booking?: Booking;

  /** 1 = the booker; 2..N the others, in the order the booking form listed them. */
  @Column({ type: 'int' })
  position: number;

  /** Null while the booker has not named them yet ("I'll add them later"). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  // --- Health, dietary needs and emergency contact (the booking form's rules) ---
  @Column({ type: 'int', nullable: true })
  age: number | null;

  @Column({ type: 'text', nullable: true })
  healthConcerns: string | null;

  @Column({ type: 'text', nullable: true })
  dietaryRestrictions: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  emergencyContactName: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  emergencyContactPhone: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  emergencyContactEmail: string | null;

  /** When the traveller (or the booker for them) confirmed the health task; null: still to do. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  healthConfirmedAt: Date | null;

  // --- Travel details ---
  /** YYYY-MM-DD, the workshop's local calendar. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  arrivalDate: string | null;

  /** HH:MM, 24 h, the workshop's local time. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  arrivalTime: string | null;

  /** How they arrive (travel.types.ts ArrivalMode). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  arrivalBy: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  flightNumber: string | null;

  /** Shared rooms only (RoommatePreference); null for a private room. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  roommatePreference: string | null;

  /** The person asked for, when the preference is a named person on the same departure. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  roommateName: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  travelConfirmedAt: Date | null;

  // --- Gear checklist ---
  /** Ids of the gear items ticked off (gear-list.ts). */
  @Column({ type: 'simple-json', nullable: true })
  gearTicked: string[] | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
