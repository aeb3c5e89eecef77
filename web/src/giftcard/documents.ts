import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BuyGiftCardMutation,
  BuyGiftCardMutationVariables,
  GiftCardPurchaseQuery,
  GiftCardPurchaseQueryVariables,
  PrintableGiftCardMutation,
  PrintableGiftCardMutationVariables,
  GiftCardWorkshopsQuery,
  GiftCardWorkshopsQueryVariables,
  PayWithGiftCardMutation,
  PayWithGiftCardMutationVariables,
} from '../gql/graphql';

/** The workshops a card can be "one place on", with their current price. */
export const GIFT_CARD_WORKSHOPS_QUERY: TypedDocumentNode<GiftCardWorkshopsQuery, GiftCardWorkshopsQueryVariables> = gql`
  query GiftCardWorkshops {
    workshops {
      id
      name
      price
    }
  }
`;

export const BUY_GIFT_CARD_MUTATION: TypedDocumentNode<BuyGiftCardMutation, BuyGiftCardMutationVariables> = gql`
  mutation BuyGiftCard($input: GiftCardPurchaseInput!) {
    buyGiftCard(input: $input) {
      giftCardId
      url
      sessionId
    }
  }
`;

export const GIFT_CARD_PURCHASE_QUERY: TypedDocumentNode<GiftCardPurchaseQuery, GiftCardPurchaseQueryVariables> = gql`
  query GiftCardPurchase($sessionId: String!) {
    giftCardPurchase(sessionId: $sessionId) {
      state
      amount
      deliverOn
      recipientName
    }
  }
`;

export const PRINTABLE_GIFT_CARD_MUTATION: TypedDocumentNode<PrintableGiftCardMutation, PrintableGiftCardMutationVariables> = gql`
  mutation PrintableGiftCard($input: GiftCardCodeInput!) {
    printableGiftCard(input: $input) {
      code
      recipientName
      buyerName
      message
      amount
      balance
      expiresAt
      kind
    }
  }
`;

export const PAY_WITH_GIFT_CARD_MUTATION: TypedDocumentNode<PayWithGiftCardMutation, PayWithGiftCardMutationVariables> = gql`
  mutation PayWithGiftCard($input: PayWithGiftCardInput!) {
    payWithGiftCard(input: $input) {
      spent
      balanceLeft
    }
  }
`;
