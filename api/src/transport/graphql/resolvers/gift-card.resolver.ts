import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { BookingAccountService } from '../../../money/booking-account.service';
import type { GiftCardService } from '../../../gift-card/gift-card.service';
import { choicesOf, CodeBalanceInput, GiftCardCodeInput, GiftCardPurchaseInput, IssueGiftCardInput, PayWithGiftCardInput } from '../../../gift-card/gift-card.input';
import { AdminGiftCard, GiftCardBalanceObject, GiftCardPaymentPayload, GiftCardPurchasePayload, GiftCardPurchaseStatus, PrintableGiftCard } from '../../../gift-card/gift-card.objects';
import { centsToDollars } from '../../../shared/money';
import { authorizeManageLink } from '../manage-link';

/** Gift cards (docs/decisions/094): the same use cases as /api/gift-cards, /api/manage/{id}/gift-card and /api/admin/gift-cards. */
@Resolver()
export class GiftCardResolver {
  constructor(
    private readonly giftCards: GiftCardService,
    private readonly accounts: Pick<BookingAccountService, 'authorizeOrThrow'>,
  ) {}

  @Mutation(() => GiftCardPurchasePayload, { description: 'Buy a gift card: answers the Checkout page to pay it (ONLINE_PAYMENT_UNAVAILABLE without card payments).' })
  async buyGiftCard(@Arg('input') input: GiftCardPurchaseInput, @Ctx() ctx: GraphQLContext): Promise<GiftCardPurchasePayload> {
    await ctx.consume('checkout');
    const r = await this.giftCards.purchaseOrThrow(input);
    return { giftCardId: r.giftCardId, url: r.url, sessionId: r.sessionId };
  }

  @Query(() => GiftCardPurchaseStatus, { description: 'The thank-you page: a purchase by its Checkout Session id (applied now if paid).' })
  async giftCardPurchase(@Arg('sessionId') sessionId: string): Promise<GiftCardPurchaseStatus> {
    const s = await this.giftCards.purchaseStatusOrThrow(sessionId);
    return { state: s.state, amount: centsToDollars(s.amountCents), deliverOn: s.deliverOn, recipientName: s.recipientName };
  }

  @Mutation(() => GiftCardBalanceObject, { description: 'A code’s remaining balance (a mutation: the code is a secret, counted by the secret-check limit).' })
  async giftCardBalance(@Arg('input') input: GiftCardCodeInput, @Ctx() ctx: GraphQLContext): Promise<GiftCardBalanceObject> {
    await ctx.consume('secretCheck');
    const b = await this.giftCards.balanceOrThrow(input.code);
    return { code: b.code, kind: b.kind, balanceCents: b.balanceCents, balance: centsToDollars(b.balanceCents), expiresAt: b.expiresAt, usable: b.usable };
  }

  @Mutation(() => GiftCardBalanceObject, {
    description: 'The one code box (a gift card or a credit): its remaining balance and, with the booking form’s choices, what it pays of the booking and what is left to pay now (the server’s figures). A mutation: the code is a secret, counted by the secret-check limit.',
  })
  async codeBalance(@Arg('input') input: CodeBalanceInput, @Ctx() ctx: GraphQLContext): Promise<GiftCardBalanceObject> {
    await ctx.consume('secretCheck');
    const q = await this.giftCards.quoteOrThrow(input.code, choicesOf(input));
    return { code: q.code, kind: q.kind, balanceCents: q.balanceCents, balance: centsToDollars(q.balanceCents), expiresAt: q.expiresAt, usable: q.usable, totalCents: q.totalCents ?? null, dueNowCents: q.dueNowCents ?? null, coversCents: q.coversCents ?? null, leftToPayNowCents: q.leftToPayNowCents ?? null, balanceAfterCents: q.balanceAfterCents ?? null };
  }

  @Mutation(() => PrintableGiftCard, { description: 'The printable card of a delivered code.' })
  async printableGiftCard(@Arg('input') input: GiftCardCodeInput, @Ctx() ctx: GraphQLContext): Promise<PrintableGiftCard> {
    await ctx.consume('secretCheck');
    const c = await this.giftCards.printableOrThrow(input.code);
    return { code: c.code, recipientName: c.recipientName, buyerName: c.buyerName, message: c.message, amount: c.amount, balance: c.balance, workshopId: c.workshopId, expiresAt: c.expiresAt, kind: c.kind };
  }

  @Mutation(() => GiftCardPaymentPayload, { description: 'Manage link: pay the next charge (balance or installment) with a gift card or a credit, as far as its balance goes.' })
  async payWithGiftCard(@Arg('input') input: PayWithGiftCardInput, @Ctx() ctx: GraphQLContext): Promise<GiftCardPaymentPayload> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    const r = await this.giftCards.payWithGiftCardOrThrow(booking.id, input.code);
    return { spent: centsToDollars(r.spentCents), balanceLeft: centsToDollars(r.balanceLeftCents) };
  }

  @Authorized()
  @Query(() => [AdminGiftCard], { description: 'Admin: the gift cards, newest first (the newest 500), with their uses.' })
  async adminGiftCards(): Promise<AdminGiftCard[]> {
    return (await this.giftCards.listForAdmin()).map((r) => ({ card: r.card, code: r.card.code, uses: r.uses }));
  }

  @Authorized()
  @Mutation(() => AdminGiftCard, { description: 'Admin: issue a gift card by hand (goodwill); delivered on its date.' })
  async issueGiftCard(@Arg('input') input: IssueGiftCardInput): Promise<AdminGiftCard> {
    const card = await this.giftCards.issueOrThrow(input);
    return { card, code: card.code, uses: [] };
  }

  @Authorized()
  @Mutation(() => AdminGiftCard, { description: 'Admin: void an unused gift card (CONFLICT once used).' })
  async voidGiftCard(@Arg('id', () => ID) id: string): Promise<AdminGiftCard> {
    const card = await this.giftCards.voidOrThrow(id);
    return { card, code: card.code, uses: [] };
  }

  @Authorized()
  @Mutation(() => AdminGiftCard, { description: 'Admin: refund an unused bought gift card to the buyer’s card (CONFLICT once used).' })
  async refundGiftCard(@Arg('id', () => ID) id: string): Promise<AdminGiftCard> {
    const card = await this.giftCards.refundOrThrow(id);
    return { card, code: card.code, uses: [] };
  }
}
