import { Authorized, Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workshop } from '../workshop/workshop.entity';
import { MessageTopic } from './community.types';

@ObjectType({ description: 'A message on a workshop community board.' })
@Entity({ name: 'community_messages' })
@Index('idx_messages_workshop_created', ['workshopId', 'createdAt'])
// The admin's list of every board, newest first, paged by (created_at, id) (docs/decisions/075).
@Index('idx_messages_created', ['createdAt', 'id'])
export class CommunityMessage {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Field(() => ID)
  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @ManyToOne(() => Workshop, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workshop_id' })
  workshop?: Workshop;

  @Field()
  @Column({ type: 'varchar', length: 80 })
  authorName: string;

  @Authorized()
  @Field({ description: 'Admin only: never in a public answer.' })
  @Column({ type: 'varchar', length: 254 })
  authorEmail: string;

  @Field({ description: 'Plain text, stored verbatim; render it as text, never as HTML.' })
  @Column({ type: 'text' })
  message: string;

  @Field(() => MessageTopic)
  @Column({ type: 'varchar', length: 20 })
  topic: MessageTopic;

  @Field(() => Date, { description: 'When it was posted (UTC).' })
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
