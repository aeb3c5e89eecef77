// The read-path targets shared by read-path.mjs and cpu-per-request.mjs: the requests the site's
// visitors send (the web app's GraphQL documents as the browser sends them, and as another client
// writes them) and the community board the database reads are made on.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/** The web app's documents: web/src/gql/trusted-documents.json (sha256 → text, decision 073). */
const TRUSTED = JSON.parse(fs.readFileSync(path.join(root, 'web/src/gql/trusted-documents.json'), 'utf8'));
/** Apollo Client 4 adds `extensions.clientLibrary` to every request (ClientAwarenessLink). */
const CLIENT_LIBRARY = { name: '@apollo/client', version: JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@apollo/client/package.json'), 'utf8')).version };

/** The trusted document of an operation: its hash and its exact text. */
export function webDocument(operationName) {
  const entry = Object.entries(TRUSTED).find(([, text]) => new RegExp(`^(query|mutation) ${operationName}\\b`).test(text));
  if (!entry) throw new Error(`no trusted document for ${operationName}: run npm run codegen`);
  return { hash: entry[0], text: entry[1] };
}

/**
 * A GraphQL POST body of one operation, in one of the forms it reaches the server in:
 * - `persisted`: what the browser sends (PersistedQueryLink + HttpLink): the hash only, with
 *   Apollo Client's `clientLibrary` extension (the body key order is the browser's);
 * - `text`: the web app's exact text, as sent without Web Crypto (plain http), extensions too;
 * - a stranger's text: any client's own spelling of a query (given as `query`), no extensions.
 */
export function graphqlBody(form, operationName, variables, query) {
  if (form === 'stranger') return JSON.stringify({ query, variables });
  const doc = webDocument(operationName);
  const persistedQuery = { version: 1, sha256Hash: doc.hash };
  if (form === 'persisted') return JSON.stringify({ operationName, variables, extensions: { clientLibrary: CLIENT_LIBRARY, persistedQuery } });
  return JSON.stringify({ operationName, variables, extensions: { clientLibrary: CLIENT_LIBRARY }, query: doc.text });
}

/** The catalog as another client writes it: the card's fields in its own order and spacing, no __typename, no fragment. */
export const STRANGER_WORKSHOPS_QUERY = `{ workshops { id name dates price availableSpots location state durationDays difficultyLevel workshopType imageUrl hasStarted hasEnded cancelled paymentOptions { option available reason } } }`;
/** One workshop as another client writes it (a variable named differently, fields of its own). */
export const STRANGER_WORKSHOP_QUERY = `query One($workshop: ID!) { workshop(id: $workshop) { id name description location dates startDate endDate price availableSpots capacity highlights itinerary paymentOptions { option available } } }`;

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

/** An autocannon request (and fetch init) posting a GraphQL body to the app. */
export function graphqlRequest(appUrl, body) {
  return { url: `${appUrl}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body };
}

/**
 * The read-path targets, in the order the benches number them. `bare` says what the
 * baseline does: `memory` answers the app's bytes from memory, `messages`/`participants`
 * run the same SQL per request (read-path.mjs).
 */
export function readTargets(appUrl, board) {
  const gql = (form, op, variables, query) => graphqlRequest(appUrl, graphqlBody(form, op, variables, query));
  return [
    { name: 'GET /api/workshops', request: { url: `${appUrl}/api/workshops` }, bare: 'memory' },
    { name: 'workshops GraphQL, browser (persisted)', request: gql('persisted', 'Workshops', {}), bare: 'memory' },
    { name: 'workshops GraphQL, web text', request: gql('text', 'Workshops', {}), bare: 'memory' },
    { name: 'workshops GraphQL, stranger text', request: gql('stranger', null, {}, STRANGER_WORKSHOPS_QUERY), bare: 'memory' },
    { name: 'workshop(id) GraphQL, browser (persisted)', request: gql('persisted', 'WorkshopDetail', { id: board }), bare: 'memory' },
    { name: 'workshop(id) GraphQL, stranger text', request: gql('stranger', null, { workshop: board }, STRANGER_WORKSHOP_QUERY), bare: 'memory' },
    { name: 'GET /api/workshops/{id}/messages', request: { url: `${appUrl}/api/workshops/${board}/messages` }, bare: 'messages' },
    { name: 'participants GraphQL, browser (persisted)', request: gql('persisted', 'Participants', { workshopId: board }), bare: 'participants' },
    { name: 'participants GraphQL, web text', request: gql('text', 'Participants', { workshopId: board }), bare: 'participants' },
  ];
}
