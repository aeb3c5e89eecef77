import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatIsoDate } from 'api/shared/policy';
import { EMAIL_PATTERN } from 'api/shared/formats';
import { graphqlProblem } from '../forms/graphqlProblem';
import type { TravellersSection_TravellersFragment } from '../gql/graphql';
import { BOOKING_TRAVELLERS_QUERY, NAME_TRAVELLER_MUTATION, TRAVELLER_TASKS_QUERY } from './traveller.documents';
import { ReadinessText, TravellerTasksPanel } from './TravellerTasksPanel';

type Traveller = TravellersSection_TravellersFragment['travellers'][number];

/**
 * The manage page's travellers (issue 25): each one's progress, naming the
 * others until the deadline, and completing a traveller's tasks on their behalf.
 */
export function TravellersSection({ bookingId, token }: { bookingId: string; token: string }) {
  const { data } = useQuery(BOOKING_TRAVELLERS_QUERY, { variables: { bookingId, token } });
  const list = data?.bookingTravellers;
  if (!list) return null;
  return (
    <section className="card manage__section" aria-labelledby="travellers-title" data-testid="travellers-section">
      <div className="card__body">
        <h2 id="travellers-title">Travellers and pre-trip tasks</h2>
        <p className="muted">
          Every traveller signs the release and completes their tasks by {formatIsoDate(list.deadline)}. Each named traveller got their own link by email;
          you can also complete their tasks here.
        </p>
        <ul className="traveller-list">
          {list.travellers.map((t) => (
            <TravellerRow key={t.travellerId} traveller={t} bookingId={bookingId} token={token} canEdit={list.canEditTravellers} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function TravellerRow({ traveller: t, bookingId, token, canEdit }: { traveller: Traveller; bookingId: string; token: string; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const label = t.name ?? `Traveller ${t.position} (not named yet)`;
  return (
    <li className="traveller-list__item" data-testid={`traveller-${t.position}`}>
      <p className="traveller-list__who">
        <strong>{label}</strong>
        {t.position === 1 ? ' (you)' : ''}
        <br />
        <span data-testid={`traveller-${t.position}-progress`}>
          <ReadinessText readiness={t.readiness} />
        </span>
      </p>
      <div className="traveller-list__actions">
        {t.position > 1 && canEdit && (
          <button type="button" className="btn btn--outline btn--small" aria-expanded={naming} onClick={() => setNaming(!naming)}>
            {t.name ? `Change traveller ${t.position}` : `Name traveller ${t.position}`}
          </button>
        )}
        <button type="button" className="btn btn--outline btn--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide tasks' : `Tasks of ${t.name ?? `traveller ${t.position}`}`}
        </button>
      </div>
      {naming && <NameForm traveller={t} bookingId={bookingId} token={token} onDone={() => setNaming(false)} />}
      {open && <TasksFor travellerId={t.travellerId} bookingId={bookingId} token={token} />}
    </li>
  );
}

function TasksFor({ travellerId, bookingId, token }: { travellerId: string; bookingId: string; token: string }) {
  const access = { travellerId, bookingId, token };
  const { data, error } = useQuery(TRAVELLER_TASKS_QUERY, { variables: { input: access } });
  if (error) return <p className="notice notice--error">These tasks could not be loaded.</p>;
  if (!data) return <p role="status">Loading...</p>;
  return <TravellerTasksPanel tasks={data.travellerTasks} access={access} headingLevel={3} />;
}

function NameForm({ traveller: t, bookingId, token, onDone }: { traveller: Traveller; bookingId: string; token: string; onDone(): void }) {
  const [name, setName] = useState(t.name ?? '');
  const [email, setEmail] = useState(t.email ?? '');
  const [fields, setFields] = useState<Partial<Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [save, { loading }] = useMutation(NAME_TRAVELLER_MUTATION);
  const p = `name-traveller-${t.position}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({ variables: { input: { bookingId, token, travellerId: t.travellerId, name, email } } });
      onDone();
    } catch (error) {
      const problem = graphqlProblem(error);
      setFields(problem.fields);
      setMessage(problem.message ?? 'This could not be saved. Please try again.');
    }
  };
  return (
    <form className="traveller-name-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Name traveller ${t.position}`}>
      <div className="form-grid form-grid--2">
        <div className="field">
          <label htmlFor={`${p}-name`}>Full name</label>
          <input className="input" id={`${p}-name`} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={fields.name ? true : undefined} aria-describedby={fields.name ? `${p}-name-error` : undefined} />
          {fields.name && (
            <p className="field__error" id={`${p}-name-error`}>
              {fields.name}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${p}-email`}>Email</label>
          <input className="input" id={`${p}-email`} type="email" maxLength={254} pattern={EMAIL_PATTERN} value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={fields.email ? true : undefined} aria-describedby={fields.email ? `${p}-email-error` : undefined} />
          {fields.email && (
            <p className="field__error" id={`${p}-email-error`}>
              {fields.email}
            </p>
          )}
        </div>
      </div>
      {message && (
        <p className="notice notice--error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--small" disabled={loading}>
        {loading ? 'Saving...' : 'Save and send their link'}
      </button>
    </form>
  );
}
