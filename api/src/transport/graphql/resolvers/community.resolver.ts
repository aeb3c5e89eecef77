import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { CommunityService } from '../../../community/community.service';
import type { GraphQLContext } from '../context';
import { CommunityMessage } from '../../../community/community-message.entity';
import { MessagesArgs, PostMessageInput } from '../../../community/community.input';
import { MessagePage, ParticipantsSummary, PostMessagePayload } from '../../../community/community.objects';

@Resolver(() => CommunityMessage)
export class CommunityResolver {
  constructor(private readonly community: CommunityService) {}

  @Query(() => MessagePage, {
    description: 'A page of a workshop community board, newest first. NOT_FOUND error for an unknown workshop.',
  })
  messages(@Args() args: MessagesArgs): Promise<MessagePage> {
    return this.community.listMessagesOrThrow(args.workshopId, { topic: args.topic, first: args.first, after: args.after });
  }

  @Mutation(() => PostMessagePayload, {
    description: 'Post a message on a workshop community board (at most 5 a minute per client: RATE_LIMITED beyond).',
  })
  async postMessage(@Arg('input', () => PostMessageInput) input: PostMessageInput, @Ctx() ctx: GraphQLContext): Promise<PostMessagePayload> {
    await ctx.consume('messagePost');
    return { message: await this.community.postMessageOrThrow(input) };
  }

  @Query(() => ParticipantsSummary, {
    description: "Who's going: bookings holding spots on a workshop, with public names. NOT_FOUND error for an unknown workshop.",
  })
  participants(@Arg('workshopId', () => ID) workshopId: string): Promise<ParticipantsSummary> {
    return this.community.participantsOrThrow(workshopId);
  }
}
