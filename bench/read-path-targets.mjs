// The read-path targets shared by read-path.mjs and cpu-per-request.mjs: the web app's queries
// and the community board the database reads are made on.

// The queries of the web app as Apollo Client sends them (it adds __typename to each selection).
export const WORKSHOPS_QUERY = `query Workshops {
  workshops {
    id
    ...WorkshopCard_workshop
    __typename
  }
}

fragment WorkshopCard_workshop on Workshop {
  id
  name
  location
  state
  dates
  durationDays
  price
  availableSpots
  difficultyLevel
  workshopType
  imageUrl
  hasStarted
  hasEnded
  cancelled
  __typename
}`;

// web/src/community/CommunityPage.tsx with its ParticipantsPanel_summary fragment.
export const PARTICIPANTS_QUERY = `query Participants($workshopId: ID!) {
  participants(workshopId: $workshopId) {
    workshopId
    ...ParticipantsPanel_summary
    __typename
  }
}

fragment ParticipantsPanel_summary on ParticipantsSummary {
  workshopId
  totalParticipants
  bookings {
    customerName
    numParticipants
    __typename
  }
  __typename
}`;


/** Posts 25 messages on the board (the database read targets read them back). */
export async function fillBoard(appUrl, BOARD) {
  const ip = (i) => ({ 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}`, 'content-type': 'application/json' });
  for (let i = 0; i < 25; i++) {
    const body = { author_name: `Poster ${i}`, author_email: `poster${i}@example.com`, topic: ['general', 'equipment', 'questions', 'ride_sharing'][i % 4], message: `Looking forward to the light at dawn, message ${i}. `.repeat(1 + (i % 4)) };
    const res = await fetch(`${appUrl}/api/workshops/${BOARD}/messages`, { method: 'POST', headers: ip(i), body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`posting a message answered ${res.status}: ${await res.text()}`);
  }
  for (let i = 0; i < 6; i++) {
    const body = {
      workshop_id: BOARD, customer_name: `Guest Number${i} Smith`, customer_email: `guest${i}@example.com`, customer_phone: '+1 555 010 0100',
      num_participants: 1 + (i % 2), room_type: 'shared', num_spouses: 0, payment_option: 'deposit', age: 40, camera_body: 'Sony A7 IV',
      lenses: '24-105mm', trip_goals: 'Benchmark', emergency_contact_name: 'Contact', emergency_contact_phone: '555 0101', emergency_contact_email: 'contact@example.com',
    };
    const res = await fetch(`${appUrl}/api/bookings`, { method: 'POST', headers: ip(1000 + i), body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
  }
}

/** A GraphQL POST of the app as the web app sends it (operation name, query, variables). */
export function graphqlRequest(appUrl, query, variables) {
  return {
    url: `${appUrl}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operationName: /query (\w+)/.exec(query)[1], query, variables }),
  };
}
