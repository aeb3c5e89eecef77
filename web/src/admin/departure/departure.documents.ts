import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminDepartureQuery,
  AdminDepartureQueryVariables,
  PreviewGroupMessageQuery,
  PreviewGroupMessageQueryVariables,
  SendGroupMessageMutation,
  SendGroupMessageMutationVariables,
  SetKnowBeforeYouGoMutation,
  SetKnowBeforeYouGoMutationVariables,
} from '../../gql/graphql';
import { KNOW_BEFORE_YOU_GO_FRAGMENT } from '../../departure/KnowBeforeYouGoFacts';

/** The admin's departure view of one run (docs/decisions/088). */
export const ADMIN_DEPARTURE_QUERY: TypedDocumentNode<AdminDepartureQuery, AdminDepartureQueryVariables> = gql`
  query AdminDeparture($workshopId: ID!) {
    adminDeparture(workshopId: $workshopId) {
      workshopId
      workshopName
      dates
      startDate
      timeZone
      travellerCount
      readyCount
      travellers {
        travellerId
        bookingId
        bookingReference
        position
        isBooker
        name
        named
        email
        age
        roomType
        healthConcerns
        dietaryRestrictions
        emergencyContactName
        emergencyContactPhone
        emergencyContactEmail
        arrival
        roommatePreference
        readiness {
          done
          total
          missing
        }
      }
      rooms {
        roomType
        occupants
        note
      }
      knowBeforeYouGo {
        ...KnowBeforeYouGoFacts_details
        updatedAt
      }
      messages {
        message {
          id
          kind
          subject
          body
          includesWaitlist
          createdAt
        }
        recipients {
          name
          email
          audience
          delivery
          sentAt
        }
      }
    }
  }
  ${KNOW_BEFORE_YOU_GO_FRAGMENT}
`;

export const SET_KNOW_BEFORE_YOU_GO_MUTATION: TypedDocumentNode<SetKnowBeforeYouGoMutation, SetKnowBeforeYouGoMutationVariables> = gql`
  mutation SetKnowBeforeYouGo($input: SetKnowBeforeYouGoInput!) {
    setKnowBeforeYouGo(input: $input) {
      knowBeforeYouGo {
        ...KnowBeforeYouGoFacts_details
        updatedAt
      }
    }
  }
  ${KNOW_BEFORE_YOU_GO_FRAGMENT}
`;

export const PREVIEW_GROUP_MESSAGE_QUERY: TypedDocumentNode<PreviewGroupMessageQuery, PreviewGroupMessageQueryVariables> = gql`
  query PreviewGroupMessage($input: GroupMessageInput!) {
    previewGroupMessage(input: $input) {
      subject
      text
      recipients {
        name
        email
        audience
      }
    }
  }
`;

export const SEND_GROUP_MESSAGE_MUTATION: TypedDocumentNode<SendGroupMessageMutation, SendGroupMessageMutationVariables> = gql`
  mutation SendGroupMessage($input: GroupMessageInput!) {
    sendGroupMessage(input: $input) {
      sent {
        message {
          id
          subject
        }
        recipients {
          email
          delivery
        }
      }
    }
  }
`;
