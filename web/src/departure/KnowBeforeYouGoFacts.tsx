import { gql, type TypedDocumentNode } from '@apollo/client';
import type { KnowBeforeYouGoFacts_DetailsFragment } from '../gql/graphql';
import '../styles/departure.css';

export const KNOW_BEFORE_YOU_GO_FRAGMENT: TypedDocumentNode<KnowBeforeYouGoFacts_DetailsFragment> = gql`
  fragment KnowBeforeYouGoFacts_details on KnowBeforeYouGo {
    workshopId
    meetingAddress
    meetingMapUrl
    meetingTime
    weather
    whatToBring
    emergencyPhone
  }
`;

/** "7:30 AM" from "07:30" (the api's mail says the same). */
export function meetingTimeText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim());

/** Meeting point and time, weather, what to bring, the trip's phone: the manage page and the admin's departure view show it alike. */
export function KnowBeforeYouGoFacts({ details: k, timeZone, headingLevel = 3 }: { details: KnowBeforeYouGoFacts_DetailsFragment; timeZone?: string; headingLevel?: 3 | 4 | 5 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="kbyg">
      <dl className="kbyg__facts">
        <dt>Meeting point</dt>
        <dd>
          {k.meetingAddress}
          {k.meetingMapUrl && (
            <>
              {' '}
              <a href={k.meetingMapUrl} target="_blank" rel="noopener noreferrer">
                Open the map
              </a>
            </>
          )}
        </dd>
        <dt>Meeting time</dt>
        <dd>
          {meetingTimeText(k.meetingTime)} on the first day{timeZone ? ` (local time, ${timeZone})` : ' (local time)'}
        </dd>
        <dt>Emergency phone on the trip</dt>
        <dd>
          <a href={`tel:${k.emergencyPhone.replace(/[^+0-9]/g, '')}`}>{k.emergencyPhone}</a>
        </dd>
      </dl>
      <Heading>The weather</Heading>
      {paragraphs(k.weather).map((p, i) => (
        <p key={`w${i}`}>{p}</p>
      ))}
      <Heading>What to bring beyond the gear list</Heading>
      {paragraphs(k.whatToBring).map((p, i) => (
        <p key={`b${i}`}>{p}</p>
      ))}
    </div>
  );
}
