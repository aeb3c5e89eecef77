import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BookingTravellersQuery,
  BookingTravellersQueryVariables,
  NameTravellerMutation,
  NameTravellerMutationVariables,
  SaveTravellerGearMutation,
  SaveTravellerGearMutationVariables,
  SaveTravellerHealthMutation,
  SaveTravellerHealthMutationVariables,
  SaveTravellerTravelMutation,
  SaveTravellerTravelMutationVariables,
  SignWaiverMutation,
  SignWaiverMutationVariables,
  TravellerTasksQuery,
  TravellerTasksQueryVariables,
} from '../gql/graphql';

/** Everything a traveller's tasks page shows; every mutation answers it, so the cache updates in place. */
export const TRAVELLER_TASKS_FRAGMENT = gql`
  fragment TravellerTasksPanel_tasks on TravellerTasks {
    travellerId
    bookingId
    position
    name
    email
    workshopId
    workshopName
    startDate
    endDate
    workshopType
    roomType
    deadline
    waiver {
      version
      text
      contentHash
      signed
      signedName
      signedAt
    }
    age
    healthConcerns
    dietaryRestrictions
    emergencyContactName
    emergencyContactPhone
    emergencyContactEmail
    healthConfirmedAt
    arrivalDate
    arrivalTime
    arrivalBy
    flightNumber
    roommatePreference
    roommateName
    travelConfirmedAt
    gear {
      id
      label
      required
      ticked
    }
    readiness {
      tasksDone
      tasksTotal
      missing
    }
  }
`;

export const TRAVELLER_TASKS_QUERY: TypedDocumentNode<TravellerTasksQuery, TravellerTasksQueryVariables> = gql`
  query TravellerTasks($input: TravellerAccessInput!) {
    travellerTasks(input: $input) {
      ...TravellerTasksPanel_tasks
    }
  }
  ${TRAVELLER_TASKS_FRAGMENT}
`;

export const SIGN_WAIVER_MUTATION: TypedDocumentNode<SignWaiverMutation, SignWaiverMutationVariables> = gql`
  mutation SignWaiver($input: SignWaiverInput!) {
    signWaiver(input: $input) {
      ...TravellerTasksPanel_tasks
    }
  }
  ${TRAVELLER_TASKS_FRAGMENT}
`;

export const SAVE_HEALTH_MUTATION: TypedDocumentNode<SaveTravellerHealthMutation, SaveTravellerHealthMutationVariables> = gql`
  mutation SaveTravellerHealth($input: TravellerHealthInput!) {
    saveTravellerHealth(input: $input) {
      ...TravellerTasksPanel_tasks
    }
  }
  ${TRAVELLER_TASKS_FRAGMENT}
`;

export const SAVE_TRAVEL_MUTATION: TypedDocumentNode<SaveTravellerTravelMutation, SaveTravellerTravelMutationVariables> = gql`
  mutation SaveTravellerTravel($input: TravellerTravelInput!) {
    saveTravellerTravel(input: $input) {
      ...TravellerTasksPanel_tasks
    }
  }
  ${TRAVELLER_TASKS_FRAGMENT}
`;

export const SAVE_GEAR_MUTATION: TypedDocumentNode<SaveTravellerGearMutation, SaveTravellerGearMutationVariables> = gql`
  mutation SaveTravellerGear($input: TravellerGearInput!) {
    saveTravellerGear(input: $input) {
      ...TravellerTasksPanel_tasks
    }
  }
  ${TRAVELLER_TASKS_FRAGMENT}
`;

export const BOOKING_TRAVELLERS_FRAGMENT = gql`
  fragment TravellersSection_travellers on BookingTravellers {
    bookingId
    deadline
    canEditTravellers
    travellers {
      travellerId
      position
      name
      email
      readiness {
        tasksDone
        tasksTotal
        missing
      }
    }
  }
`;

export const BOOKING_TRAVELLERS_QUERY: TypedDocumentNode<BookingTravellersQuery, BookingTravellersQueryVariables> = gql`
  query BookingTravellers($bookingId: ID!, $token: String!) {
    bookingTravellers(bookingId: $bookingId, token: $token) {
      ...TravellersSection_travellers
    }
  }
  ${BOOKING_TRAVELLERS_FRAGMENT}
`;

export const NAME_TRAVELLER_MUTATION: TypedDocumentNode<NameTravellerMutation, NameTravellerMutationVariables> = gql`
  mutation NameTraveller($input: NameTravellerInput!) {
    nameTraveller(input: $input) {
      ...TravellersSection_travellers
    }
  }
  ${BOOKING_TRAVELLERS_FRAGMENT}
`;
