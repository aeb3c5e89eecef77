import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@ObjectType({ description: 'A review by a past participant.' })
@Entity({ name: 'testimonials' })
export class Testimonial {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Field(() => Int, { description: 'Stars, 1 to 5.' })
  @Column({ type: 'int' })
  rating: number;

  @Field()
  @Column({ type: 'varchar', length: 120 })
  clientName: string;

  @Field({ description: 'Where the client is from.' })
  @Column({ type: 'varchar', length: 120 })
  location: string;

  @Field({ description: 'Name of the workshop attended.' })
  @Column({ type: 'varchar', length: 160 })
  workshopAttended: string;

  @Field()
  @Column({ type: 'text' })
  reviewText: string;

  @Field({ description: 'Date of the review (YYYY-MM-DD).' })
  @Column({ type: 'varchar', length: 10 })
  date: string;
}
