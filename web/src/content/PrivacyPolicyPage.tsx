import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { KEPT_FOR_ACCOUNTING, TRIP_DATA_RULES, tripDataRetentionText } from 'api/shared/retention';
import { Failure, Loading } from '../ui/States';
import { LegalPage, type LegalSection } from './LegalPage';
import { PRIVACY_RETENTION_QUERY } from './retention';

const Email = () => <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>;

/**
 * The retention periods as the server is configured (PERSONAL_DATA_RETENTION_DAYS), read from the
 * API: the server-rendered page holds them, and so does the cache it embeds for hydration. The
 * categories and sentences come from api/shared/retention, like the erasure job's rules.
 */
function Retention() {
  const { data, error } = useQuery(PRIVACY_RETENTION_QUERY);
  const policy = data?.privacyRetention;
  if (!policy) {
    return error ? (
      <Failure>
        How long we keep each kind of data could not be loaded. Please reload the page, or write to <Email />.
      </Failure>
    ) : (
      <Loading>Loading...</Loading>
    );
  }
  const days = policy.tripDataDays;
  return (
    <>
      <p>{tripDataRetentionText(days)} A scheduled job erases them and records which kinds of data it erased, never the data itself:</p>
      <ul aria-label="Retention by category">
        {TRIP_DATA_RULES.map((rule) => (
          <li key={rule.category}>
            <strong>{rule.label}:</strong> {days} days after the workshop ends, for you and every traveller on your booking.
          </li>
        ))}
        <li>
          <strong>{KEPT_FOR_ACCOUNTING.label}:</strong> {policy.accountingYears} years after the workshop, for {KEPT_FOR_ACCOUNTING.why}.
        </li>
        <li>
          <strong>Community posts and reviews:</strong> until you or we remove them.
        </li>
      </ul>
      <p>
        On your request we send you a copy of everything we hold about your email address, or erase it: your details are replaced,
        your community posts are anonymised, and only the amounts of your payments and refunds stay in our books under a replaced
        name. We cannot erase you while you have a booking for a workshop that has not started yet.
      </p>
    </>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <p>
        {BRAND.name}, {BRAND.instructor.homeBase}, is responsible for the personal data described here. For any question about your
        data, write to <Email />.
      </p>
    ),
  },
  {
    id: 'what',
    title: 'What we collect',
    body: (
      <>
        <p>We only collect what we need to run a safe workshop:</p>
        <ul>
          <li>
            <strong>Booking details:</strong> your name, email address, phone number, age, the number of participants and
            non-photographers, room type and payment option.
          </li>
          <li>
            <strong>Workshop preparation:</strong> your experience level, camera body, lenses and other equipment, and your goals for
            the trip, so the instruction fits you.
          </li>
          <li>
            <strong>Health and safety:</strong> health concerns, dietary restrictions and an emergency contact (name, phone and email).
            This is sensitive information; see below for how we protect it.
          </li>
          <li>
            <strong>Payments:</strong> the amounts paid and their status. Card details are entered on our payment provider’s page and
            never reach our servers.
          </li>
          <li>
            <strong>Community board:</strong> the name, email address and message you give when you post.
          </li>
          <li>
            <strong>Correspondence:</strong> the emails you send us and our replies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To confirm and manage your booking, take payments and send you the information you need before the workshop.</li>
        <li>To keep you safe: your instructor carries health, dietary and emergency-contact details on location.</li>
        <li>To book accommodation, meals and permits in your name where a park or lodge requires it.</li>
        <li>To answer your questions and, for the community board, to let participants of the same workshop coordinate.</li>
        <li>To meet our legal and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: 'public',
    title: 'What other visitors can see',
    body: (
      <p>
        Messages on a workshop’s community board are public, together with the name you post under. The participants panel of each
        workshop shows the name on each booking and the number of spots it holds, so that travellers can arrange ride sharing. Nothing
        else you give us is shown to other visitors.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell your data and never share it for advertising. We share only what each service needs:</p>
        <ul>
          <li>our payment provider, to process card payments;</li>
          <li>lodges, restaurants, guides and park authorities, for the names, dietary needs and permits of the workshop you booked;</li>
          <li>emergency services and your emergency contact, if your health or safety requires it;</li>
          <li>authorities, when the law obliges us.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and storage',
    body: (
      <p>
        This website uses no advertising or analytics cookies and does not track you across other sites. The administrator area stores
        its sign-in in your browser’s session storage, which is deleted when the tab is closed. Our payment provider sets the cookies
        its checkout page needs.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: <Retention />,
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Our site is served over an encrypted connection. Participant details are visible only to the administrator and, for your
        workshop, to the instructor, and access to the administration area is protected by a password.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You may ask for a copy of your data, have it corrected or deleted, or object to a use of it, by writing to <Email />. We reply
          within 30 days. Deleting data you need for an upcoming workshop may mean we cannot take you on it safely.
        </p>
        <p>
          California residents have these rights under the California Consumer Privacy Act, and we do not sell or share personal
          information as that law defines it.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Our workshops and this website are meant for adults. We do not knowingly collect data from children under 13.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will publish any change on this page with a new date, and tell participants with upcoming bookings by email about important
        changes. Related: our <Link to="/terms">terms of service</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`How ${BRAND.name} collects, uses and protects the personal data of workshop participants and visitors.`}
      intro={
        <p className="lead">
          Booking a photography workshop means trusting us with more than an email address: your health, your diet, the person to call
          in an emergency. This page explains what we collect, why, who sees it and how to have it deleted.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
