import { useEffect, useId, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { AdminDepartureQuery } from '../../gql/graphql';
import { KnowBeforeYouGoFacts } from '../../departure/KnowBeforeYouGoFacts';
import { Empty, Failure, Loading } from '../../ui/States';
import { readAdminCredential } from '../credential';
import { downloadBlob } from '../manifest';
import { ADMIN_DEPARTURE_QUERY } from './departure.documents';
import { GroupMessageForm } from './GroupMessageForm';
import { KnowBeforeYouGoForm } from './KnowBeforeYouGoForm';
import '../../styles/departure.css';

type View = AdminDepartureQuery['adminDeparture'];
type Traveller = View['travellers'][number];

const TASK_WORDS: Record<string, string> = { waiver: 'waiver', health: 'health & emergency contact', travel: 'travel details', gear: 'gear checklist' };
const DELIVERY_WORDS: Record<string, string> = { pending: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed', suppressed: 'Not sent (limit)' };
const DELIVERY_BADGE: Record<string, string> = { sent: 'badge--success', failed: 'badge--danger', suppressed: 'badge--grey' };

const readinessText = (t: Traveller) => (t.readiness ? `${t.readiness.done} of ${t.readiness.total}` : '–');
const missingText = (t: Traveller) => (t.readiness && t.readiness.missing.length ? t.readiness.missing.map((m) => TASK_WORDS[m] ?? m).join(', ') : t.readiness ? 'Ready' : '–');
/** The waiver of the traveller's workshop is signed: its copy can be downloaded (GET /api/admin/travellers/{id}/waiver.pdf). */
const waiverSigned = (t: Traveller) => Boolean(t.travellerId && t.readiness && !t.readiness.missing.includes('waiver'));
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The departure view of one run (issue 25, docs/decisions/088): readiness at a
 * glance, the roster, rooming list, dietary and health list, emergency contacts
 * and arrivals, printable (a print stylesheet keeps only the lists) and as CSV;
 * know before you go and messages to the group.
 */
export function DeparturePanel({ workshopId, onBack, onError }: { workshopId: string; onBack: () => void; onError: (e: unknown) => boolean }) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState(false);
  const [csvProblem, setCsvProblem] = useState('');
  const [pdfProblem, setPdfProblem] = useState('');
  const { data, loading, error, refetch } = useQuery(ADMIN_DEPARTURE_QUERY, { variables: { workshopId }, context: { admin: true }, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
  const reload = () => void refetch().catch((e: unknown) => onError(e));

  const downloadCsv = async () => {
    setCsvProblem('');
    try {
      const res = await fetch(`/api/admin/departures/${encodeURIComponent(workshopId)}/roster.csv`, { headers: { authorization: `Basic ${readAdminCredential() ?? ''}` } });
      if (res.status === 401) {
        setCsvProblem('Your admin session has ended: sign in again to download the CSV.');
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      downloadBlob(`departure-${workshopId}.csv`, await res.blob());
    } catch {
      setCsvProblem('The CSV could not be downloaded. Try again.');
    }
  };

  // The signed copy of one traveller's waiver, fetched with the admin's credential like the CSV.
  const downloadWaiver = async (t: Traveller) => {
    setPdfProblem('');
    try {
      const res = await fetch(`/api/admin/travellers/${encodeURIComponent(t.travellerId ?? '')}/waiver.pdf`, { headers: { authorization: `Basic ${readAdminCredential() ?? ''}` } });
      if (res.status === 401) {
        setPdfProblem('Your admin session has ended: sign in again to download the signed waiver.');
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      downloadBlob(`waiver-${t.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`, await res.blob());
    } catch {
      setPdfProblem(`The signed waiver of ${t.name} could not be downloaded. Try again.`);
    }
  };

  const v = data?.adminDeparture;
  if (!v) {
    return loading ? (
      <Loading>Loading the departure...</Loading>
    ) : (
      <Failure>
        <p>The departure could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Try again
        </button>
      </Failure>
    );
  }
  const dietary = v.travellers.filter((t) => t.dietaryRestrictions || t.healthConcerns);
  const missing = v.travellers.filter((t) => t.readiness && t.readiness.missing.length > 0);

  return (
    <div className="departure stack">
      <div className="departure__bar no-print">
        <button type="button" className="btn btn--outline btn--small" onClick={onBack}>
          Back to the workshops
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={() => void downloadCsv()}>
          Download CSV
        </button>
      </div>
      {csvProblem && (
        <p className="notice notice--error" role="alert">
          {csvProblem}
        </p>
      )}
      <header>
        <h3 className="departure__title">Departure: {v.workshopName}</h3>
        <p className="muted">
          {v.dates} · {v.timeZone}
        </p>
        <p className="departure__readiness" data-testid="departure-readiness">
          <strong>
            {v.readyCount} of {v.travellerCount} ready
          </strong>
          {missing.length > 0 && <span className="muted"> · {missing.length} still missing something (see the roster)</span>}
        </p>
      </header>
      <p role="status" className="departure__status">
        {status}
      </p>

      <section aria-labelledby={`${id}-roster`}>
        <h4 id={`${id}-roster`}>Roster ({v.travellerCount})</h4>
        {pdfProblem && (
          <p className="notice notice--error" role="alert">
            {pdfProblem}
          </p>
        )}
        {v.travellers.length === 0 ? (
          <Empty>No travellers yet.</Empty>
        ) : (
          <div className="admin-table__scroll">
            <table className="admin-table admin-table--stack">
              <caption className="visually-hidden">Every traveller of the departure</caption>
              <thead>
                <tr>
                  <th scope="col">Traveller</th>
                  <th scope="col">Booking</th>
                  <th scope="col">Age</th>
                  <th scope="col">Room</th>
                  <th scope="col">Tasks</th>
                  <th scope="col">Missing</th>
                  <th scope="col" className="no-print">
                    Waiver
                  </th>
                </tr>
              </thead>
              <tbody>
                {v.travellers.map((t) => (
                  <tr key={`${t.bookingId}-${t.position}`}>
                    <th scope="row">
                      {t.name}
                      {t.isBooker && <span className="muted"> (booker)</span>}
                      {t.email && <div className="muted">{t.email}</div>}
                    </th>
                    <td data-label="Booking">{t.bookingReference ?? t.bookingId.slice(0, 8)}</td>
                    <td data-label="Age">{t.age ?? '–'}</td>
                    <td data-label="Room">{t.roomType}</td>
                    <td data-label="Tasks">{readinessText(t)}</td>
                    <td data-label="Missing">{missingText(t)}</td>
                    <td data-label="Waiver" className="no-print">
                      {waiverSigned(t) ? (
                        <button type="button" className="btn btn--outline btn--small" aria-label={`Signed PDF: the waiver of ${t.name}`} onClick={() => void downloadWaiver(t)}>
                          Signed PDF
                        </button>
                      ) : (
                        <span className="muted">Not signed</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-rooms`}>
        <h4 id={`${id}-rooms`}>Rooming list</h4>
        {v.rooms.length === 0 ? (
          <Empty>No rooms yet.</Empty>
        ) : (
          <ol className="departure-rooms" data-testid="rooming-list">
            {v.rooms.map((r, i) => (
              <li key={i}>
                <strong>{r.roomType === 'private' ? 'Private room' : 'Shared room'}:</strong> {r.occupants.join(' & ')} <span className="muted">({r.note})</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby={`${id}-dietary`}>
        <h4 id={`${id}-dietary`}>Dietary needs and health</h4>
        {dietary.length === 0 ? (
          <Empty>Nobody has told us of dietary needs or health concerns.</Empty>
        ) : (
          <div className="admin-table__scroll">
            <table className="admin-table admin-table--stack" data-testid="dietary-list">
              <caption className="visually-hidden">Dietary needs and health concerns</caption>
              <thead>
                <tr>
                  <th scope="col">Traveller</th>
                  <th scope="col">Dietary needs</th>
                  <th scope="col">Health</th>
                </tr>
              </thead>
              <tbody>
                {dietary.map((t) => (
                  <tr key={`${t.bookingId}-${t.position}`}>
                    <th scope="row">{t.name}</th>
                    <td data-label="Dietary needs">{t.dietaryRestrictions ?? '–'}</td>
                    <td data-label="Health">{t.healthConcerns ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-emergency`}>
        <h4 id={`${id}-emergency`}>Emergency contacts and arrivals</h4>
        <div className="admin-table__scroll">
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">Emergency contacts and arrival times</caption>
            <thead>
              <tr>
                <th scope="col">Traveller</th>
                <th scope="col">Emergency contact</th>
                <th scope="col">Arrival</th>
              </tr>
            </thead>
            <tbody>
              {v.travellers.map((t) => (
                <tr key={`${t.bookingId}-${t.position}`}>
                  <th scope="row">{t.name}</th>
                  <td data-label="Emergency contact">{t.emergencyContactName ? `${t.emergencyContactName}, ${t.emergencyContactPhone ?? ''}${t.emergencyContactEmail ? `, ${t.emergencyContactEmail}` : ''}` : '–'}</td>
                  <td data-label="Arrival">{t.arrival ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby={`${id}-kbyg`}>
        <h4 id={`${id}-kbyg`}>Know before you go</h4>
        {v.knowBeforeYouGo && !editing ? <KnowBeforeYouGoFacts details={v.knowBeforeYouGo} timeZone={v.timeZone} headingLevel={5} /> : null}
        {!v.knowBeforeYouGo && !editing && <p className="notice notice--warning">Not written yet: the know-before-you-go mails (14 and 2 days before the start) wait for it and go as soon as it is saved.</p>}
        {editing ? (
          <KnowBeforeYouGoForm
            workshopId={v.workshopId}
            details={v.knowBeforeYouGo ?? null}
            onSaved={(message) => {
              setEditing(false);
              setStatus(message);
              reload();
            }}
            onError={onError}
          />
        ) : (
          <button type="button" className="btn btn--outline btn--small no-print" onClick={() => setEditing(true)}>
            {v.knowBeforeYouGo ? 'Edit know before you go' : 'Write know before you go'}
          </button>
        )}
      </section>

      <GroupMessageForm
        workshopId={v.workshopId}
        onSent={(message) => {
          setStatus(message);
          reload();
        }}
        onError={onError}
      />

      <section aria-labelledby={`${id}-sent`} className="no-print">
        <h4 id={`${id}-sent`}>Messages sent</h4>
        {v.messages.length === 0 ? (
          <Empty>No messages yet.</Empty>
        ) : (
          <ul className="departure-messages">
            {v.messages.map(({ message: m, recipients }) => (
              <li key={m.id}>
                <p>
                  <strong>{m.kind === 'group' ? m.subject : 'Know before you go mail'}</strong> <span className="muted">{when(String(m.createdAt))}</span>
                </p>
                <ul className="departure-messages__recipients">
                  {recipients.map((r) => (
                    <li key={r.email}>
                      {r.name} &lt;{r.email}&gt;{r.audience === 'waitlist' ? ' (waiting list)' : ''} <span className={`badge ${DELIVERY_BADGE[r.delivery] ?? 'badge--grey'}`}>{DELIVERY_WORDS[r.delivery] ?? r.delivery}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
