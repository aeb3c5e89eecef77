import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { PromoCodeService } from '../../../promo/promo.service';
import { PromoCode } from '../../../promo/promo-code.entity';
import { CreatePromoCodeInput, PromoCodePayload, PromoQuote, PromoQuoteInput, SetPromoCodePausedInput } from '../../../promo/promo.input';

/** Promo codes (docs/decisions/096): the admin's codes and the booking form's quote. */
@Resolver()
export class PromoResolver {
  constructor(private readonly promos: PromoCodeService) {}

  @Authorized()
  @Query(() => [PromoCode], { description: 'Admin: every promo code, newest first, with its live uses.' })
  adminPromoCodes(): Promise<PromoCode[]> {
    return this.promos.list();
  }

  @Authorized()
  @Mutation(() => PromoCodePayload, { description: 'Admin: create a promo code. BAD_USER_INPUT names each bad field; PROMO_CODE_TAKEN naming code.' })
  async createPromoCode(@Arg('input') input: CreatePromoCodeInput): Promise<PromoCodePayload> {
    return { promoCode: await this.promos.createOrThrow(input) };
  }

  @Authorized()
  @Mutation(() => PromoCodePayload, { description: 'Admin: pause a promo code (refused on the booking form until resumed) or resume it. NOT_FOUND for an unknown id.' })
  async setPromoCodePaused(@Arg('input') input: SetPromoCodePausedInput): Promise<PromoCodePayload> {
    return { promoCode: await this.promos.setPausedOrThrow(input.id, input.paused) };
  }

  @Query(() => PromoQuote, {
    description: 'The booking form: the price of these choices with a promo code, as createBooking will charge it. PROMO_CODE_REFUSED naming promoCode when the code cannot be used.',
  })
  async promoQuote(@Arg('input') input: PromoQuoteInput, @Ctx() ctx: GraphQLContext): Promise<PromoQuote> {
    // A code is looked up: counted like a credit-code check (one count with the REST route's).
    await ctx.consume('secretCheck');
    return this.promos.quoteOrThrow(input);
  }
}
