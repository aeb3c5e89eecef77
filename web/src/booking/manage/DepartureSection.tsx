import { useId } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { MyDepartureQuery, MyDepartureQueryVariables, TravellerDepartureQuery, TravellerDepartureQueryVariables } from '../../gql/graphql';
import { KnowBeforeYouGoFacts, KNOW_BEFORE_YOU_GO_FRAGMENT } from '../../departure/KnowBeforeYouGoFacts';

export const MY_DEPARTURE_QUERY: TypedDocumentNode<MyDepartureQuery, MyDepartureQueryVariables> = gql`
  query MyDeparture($input: ManageBookingInput!) {
    myDeparture(input: $input) {
      knowBeforeYouGo {
        ...KnowBeforeYouGoFacts_details
      }
      messages {
        id
        subject
        body
        sentAt
      }
    }
  }
  ${KNOW_BEFORE_YOU_GO_FRAGMENT}
`;

/** The same, on a traveller's own pre-trip page (their link). */
export const TRAVELLER_DEPARTURE_QUERY: TypedDocumentNode<TravellerDepartureQuery, TravellerDepartureQueryVariables> = gql`
  query TravellerDeparture($input: TravellerAccessInput!) {
    travellerDeparture(input: $input) {
      knowBeforeYouGo {
        ...KnowBeforeYouGoFacts_details
      }
      messages {
        id
        subject
        body
        sentAt
      }
    }
  }
  ${KNOW_BEFORE_YOU_GO_FRAGMENT}
`;

type Departure = MyDepartureQuery['myDeparture'];

const sentOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The manage page's "Know before you go" and "Messages from your instructor" (issue 25). Nothing shows until there is something to show. */
export function DepartureSection({ bookingId, token, timeZone }: { bookingId: string; token: string; timeZone?: string }) {
  const { data } = useQuery(MY_DEPARTURE_QUERY, { variables: { input: { bookingId, token } }, fetchPolicy: 'cache-and-network' });
  return data ? <DepartureCards departure={data.myDeparture} timeZone={timeZone} /> : null;
}

/** A traveller's own page (/trip/{id}#{token}): the same cards, read with their link. */
export function TravellerDepartureSection({ travellerId, token }: { travellerId: string; token: string }) {
  const { data } = useQuery(TRAVELLER_DEPARTURE_QUERY, { variables: { input: { travellerId, token } }, fetchPolicy: 'cache-and-network' });
  return data ? <DepartureCards departure={data.travellerDeparture} /> : null;
}

function DepartureCards({ departure: d, timeZone }: { departure: Departure; timeZone?: string }) {
  const id = useId();
  return (
    <>
      {d.knowBeforeYouGo && (
        <section className="card manage__section" aria-labelledby={`${id}-kbyg`}>
          <div className="card__body">
            <h2 id={`${id}-kbyg`}>Know before you go</h2>
            <KnowBeforeYouGoFacts details={d.knowBeforeYouGo} timeZone={timeZone} />
          </div>
        </section>
      )}
      {d.messages.length > 0 && (
        <section className="card manage__section" aria-labelledby={`${id}-messages`}>
          <div className="card__body">
            <h2 id={`${id}-messages`}>Messages from your instructor</h2>
            <ul className="instructor-messages">
              {d.messages.map((m) => (
                <li key={m.id} className="instructor-messages__item">
                  <h3>{m.subject}</h3>
                  <p className="muted">Sent {sentOn(String(m.sentAt))}</p>
                  {m.body.split(/\n\s*\n/).map((p, i) => (
                    <p key={i}>{p}</p>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
