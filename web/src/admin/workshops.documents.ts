import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminWorkshopsQuery,
  AdminWorkshopsQueryVariables,
  ArchiveWorkshopMutation,
  ArchiveWorkshopMutationVariables,
  CreateWorkshopMutation,
  CreateWorkshopMutationVariables,
  ScheduleWorkshopAgainMutation,
  ScheduleWorkshopAgainMutationVariables,
  UpdateWorkshopMutation,
  UpdateWorkshopMutationVariables,
  WorkshopsTab_WorkshopFragment,
} from '../gql/graphql';

export const WORKSHOPS_TAB_FRAGMENT: TypedDocumentNode<WorkshopsTab_WorkshopFragment> = gql`
  fragment WorkshopsTab_workshop on Workshop {
    id
    name
    description
    location
    state
    dates
    startDate
    endDate
    timeZone
    capacity
    minimumParticipants
    spotsClaimed
    price
    privateRoomSupplement
    difficultyLevel
    workshopType
    imageUrl
    highlights
    itinerary
    hasStarted
    hasEnded
    archived
    cancelled
    decisionDate
  }
`;

/** Workshops per page of the tab. */
export const ADMIN_WORKSHOPS_PAGE = 50;

/**
 * Every workshop, archived ones included, one page at a time, newest first: its own
 * query, loaded when the tab is opened; a page fetched with `cursor` extends the
 * list (apollo/client.ts), so older runs are a click away however many seasons there are.
 */
export const ADMIN_WORKSHOPS_QUERY: TypedDocumentNode<AdminWorkshopsQuery, AdminWorkshopsQueryVariables> = gql`
  query AdminWorkshops($limit: Int!, $cursor: String) {
    adminWorkshops(limit: $limit, cursor: $cursor) {
      workshops {
        id
        ...WorkshopsTab_workshop
      }
      nextCursor
    }
  }
  ${WORKSHOPS_TAB_FRAGMENT}
`;

/** A change answers a few fields (the list is refetched after it): mutations stay far below the API's cost limit. */
const PAYLOAD = gql`
  fragment WorkshopsTab_payload on AdminWorkshopPayload {
    workshop {
      id
      name
      dates
      startDate
      endDate
      capacity
      price
      archived
    }
  }
`;

export const CREATE_WORKSHOP_MUTATION: TypedDocumentNode<CreateWorkshopMutation, CreateWorkshopMutationVariables> = gql`
  mutation CreateWorkshop($input: CreateWorkshopInput!) {
    createWorkshop(input: $input) {
      ...WorkshopsTab_payload
    }
  }
  ${PAYLOAD}
`;

export const UPDATE_WORKSHOP_MUTATION: TypedDocumentNode<UpdateWorkshopMutation, UpdateWorkshopMutationVariables> = gql`
  mutation UpdateWorkshop($input: UpdateWorkshopInput!) {
    updateWorkshop(input: $input) {
      ...WorkshopsTab_payload
    }
  }
  ${PAYLOAD}
`;

export const SCHEDULE_WORKSHOP_AGAIN_MUTATION: TypedDocumentNode<ScheduleWorkshopAgainMutation, ScheduleWorkshopAgainMutationVariables> = gql`
  mutation ScheduleWorkshopAgain($input: ScheduleWorkshopAgainInput!) {
    scheduleWorkshopAgain(input: $input) {
      ...WorkshopsTab_payload
    }
  }
  ${PAYLOAD}
`;

export const ARCHIVE_WORKSHOP_MUTATION: TypedDocumentNode<ArchiveWorkshopMutation, ArchiveWorkshopMutationVariables> = gql`
  mutation ArchiveWorkshop($input: ArchiveWorkshopInput!) {
    archiveWorkshop(input: $input) {
      ...WorkshopsTab_payload
    }
  }
  ${PAYLOAD}
`;
