import { useId, useRef, useState, useEffect, type FormEvent, type ReactNode } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation, useQuery } from '@apollo/client/react';
import { addDays, daysBetween } from 'api/shared/dates';
import { formatDollars } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
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
  DifficultyLevel,
  WorkshopType,
} from '../gql/graphql';
import { labelOf, WORKSHOP_TYPE_LABELS } from '../ui/labels';
import { Empty, Failure, Loading } from '../ui/States';
import { GoNoGoSection } from './GoNoGoSection';

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

/**
 * Every workshop, archived ones included: its own query, loaded when the tab is
 * opened (the dashboard's one request stays within the API's cost limit).
 */
export const ADMIN_WORKSHOPS_QUERY: TypedDocumentNode<AdminWorkshopsQuery, AdminWorkshopsQueryVariables> = gql`
  query AdminWorkshops {
    adminWorkshops {
      id
      ...WorkshopsTab_workshop
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

type Workshop = WorkshopsTab_WorkshopFragment;

/** Field name (GraphQL, camelCase) -> message, from a BAD_USER_INPUT or CONFLICT answer. */
type FieldErrors = Partial<Record<string, string>>;

/** The field errors the server named, and a message for the rest. */
function describeError(error: unknown): { fields: FieldErrors; message: string } {
  if (CombinedGraphQLErrors.is(error)) {
    const fields: FieldErrors = {};
    for (const e of error.errors) {
      const list = e.extensions?.fields;
      if (Array.isArray(list)) for (const f of list as Array<{ field: string; message: string }>) fields[f.field] ??= f.message;
    }
    const count = Object.keys(fields).length;
    return { fields, message: count ? `Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.` : (error.errors[0]?.message ?? 'The change failed.') };
  }
  return { fields: {}, message: 'The change failed. Please try again.' };
}

const DIFFICULTIES: readonly DifficultyLevel[] = ['Easy', 'Moderate', 'Challenging', 'Extreme'];
const WORKSHOP_TYPES: readonly WorkshopType[] = ['landscape', 'portrait_posing', 'adventure', 'storm_chasing', 'wildlife'];

/** US time zones offered in the form (any IANA zone is accepted). */
const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; workshop: Workshop } | { kind: 'again'; workshop: Workshop };

/**
 * Workshops: the admin's calendar (docs/decisions/059). A list of every
 * workshop (archived ones too), a form to add or edit one, "Schedule again"
 * (a copy on new dates: the proposed id and dates a year on, one more click
 * to create) and "Archive" for workshops that have started.
 */
export function WorkshopsTab({
  onChanged,
  onError,
}: {
  /** After a change: reload the dashboard (its statistics list the workshops). */
  onChanged: () => void;
  /** A failure: true when it was handled (a 401 logs out). */
  onError: (error: unknown) => boolean;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState('');
  const { data, loading, error, refetch } = useQuery(ADMIN_WORKSHOPS_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const [archive] = useMutation(ARCHIVE_WORKSHOP_MUTATION, { context: { admin: true } });
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const reload = () => {
    refetch().catch((e: unknown) => onError(e));
    onChanged();
  };
  const done = (message: string) => {
    setMode({ kind: 'list' });
    setStatus(message);
    reload();
  };

  const toggleArchive = async (w: Workshop) => {
    try {
      await archive({ variables: { input: { workshopId: w.id, archived: !w.archived } } });
      done(w.archived ? `${w.name} is shown in the lists again.` : `${w.name} was archived: it no longer shows in the lists.`);
    } catch (e) {
      if (!onError(e)) setStatus(describeError(e).message);
    }
  };

  if (mode.kind === 'create' || mode.kind === 'edit') {
    return <WorkshopForm workshop={mode.kind === 'edit' ? mode.workshop : null} onDone={done} onCancel={() => setMode({ kind: 'list' })} onError={onError} />;
  }
  if (mode.kind === 'again') {
    return <ScheduleAgainForm source={mode.workshop} onDone={done} onCancel={() => setMode({ kind: 'list' })} onError={onError} />;
  }

  if (!data) {
    return loading ? (
      <Loading>Loading workshops...</Loading>
    ) : (
      <Failure>
        <p>The workshops could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Try again
        </button>
      </Failure>
    );
  }
  const workshops = data.adminWorkshops;

  return (
    <div className="admin-workshops">
      <GoNoGoSection onDone={done} onError={onError} />
      <h3 className="admin-workshops__heading">All workshops</h3>
      <div className="admin-workshops__bar">
        <p className="muted">
          {workshops.length} workshops. Past ones can be archived: hidden from the public lists, still reachable by their address.
        </p>
        <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: 'create' })}>
          New workshop
        </button>
      </div>
      <p role="status" className="admin-workshops__status">
        {status}
      </p>
      {workshops.length === 0 ? <Empty>No workshops yet.</Empty> : null}
      <table className="admin-workshops-table" hidden={workshops.length === 0}>
        <caption className="visually-hidden">Every workshop, in date order</caption>
        <thead>
          <tr>
            <th scope="col">Workshop</th>
            <th scope="col">Dates</th>
            <th scope="col">Spots taken</th>
            <th scope="col">Price</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {workshops.map((w) => (
            <tr key={w.id} data-workshop={w.id}>
              <th scope="row">
                <a href={`/workshop/${w.id}`}>{w.name}</a>
                <div className="muted admin-workshops-table__id">{w.id}</div>
              </th>
              <td>
                {w.dates}
                <div className="muted">{w.timeZone}</div>
              </td>
              <td>
                {w.spotsClaimed} of {w.capacity} <span className="muted">(min {w.minimumParticipants})</span>
              </td>
              <td>{formatDollars(w.price)}</td>
              <td>
                {w.cancelled ? <span className="badge badge--grey">Cancelled</span> : w.archived ? <span className="badge badge--grey">Archived</span> : w.hasStarted ? <span className="badge badge--grey">{w.hasEnded ? 'Past' : 'Under way'}</span> : <span className="badge badge--success">Upcoming</span>}
              </td>
              <td>
                <div className="admin-workshops-table__actions">
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'edit', workshop: w })} aria-label={`Edit ${w.name}`}>
                    Edit
                  </button>
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'again', workshop: w })} aria-label={`Schedule ${w.name} again`}>
                    Schedule again
                  </button>
                  {w.hasStarted || w.archived ? (
                    <button type="button" className="btn btn--outline btn--small" onClick={() => void toggleArchive(w)} aria-label={`${w.archived ? 'Unarchive' : 'Archive'} ${w.name}`}>
                      {w.archived ? 'Unarchive' : 'Archive'}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The proposed next run: a year later (same month and day), id `<id without a year>-<year>`. */
export function nextRun(w: Pick<Workshop, 'id' | 'startDate' | 'endDate'>): { id: string; startDate: string; endDate: string } {
  const year = Number(w.startDate.slice(0, 4)) + 1;
  const startDate = `${year}${w.startDate.slice(4)}`.replace(/-02-29$/, '-02-28');
  const endDate = addDays(startDate, daysBetween(w.startDate, w.endDate));
  const base = w.id.replace(/-\d{4}$/, '');
  return { id: `${base}-${year}`.slice(0, 64), startDate, endDate };
}

/** One labelled field with its hint and the server's error next to it. */
function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: string; error?: string; children: (props: FieldProps) => ReactNode }) {
  const id = `workshop-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
interface FieldProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormValues {
  id: string;
  name: string;
  description: string;
  location: string;
  state: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  capacity: string;
  minimumParticipants: string;
  price: string;
  privateRoomSupplement: string;
  difficultyLevel: DifficultyLevel;
  workshopType: WorkshopType;
  imageUrl: string;
  highlights: string;
  itinerary: string;
  decisionDate: string;
}

function initialValues(w: Workshop | null): FormValues {
  if (!w) {
    return {
      id: '',
      name: '',
      description: '',
      location: '',
      state: '',
      startDate: '',
      endDate: '',
      timeZone: 'America/Denver',
      capacity: String(POLICY.maxGroupSize),
      minimumParticipants: String(POLICY.minParticipants),
      price: '',
      privateRoomSupplement: '',
      difficultyLevel: 'Moderate',
      workshopType: 'landscape',
      imageUrl: '',
      highlights: '',
      itinerary: '',
      decisionDate: '',
    };
  }
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    location: w.location,
    state: w.state,
    startDate: w.startDate,
    endDate: w.endDate,
    timeZone: w.timeZone,
    capacity: String(w.capacity),
    minimumParticipants: String(w.minimumParticipants),
    price: String(w.price),
    privateRoomSupplement: String(w.privateRoomSupplement),
    difficultyLevel: w.difficultyLevel,
    workshopType: w.workshopType,
    imageUrl: w.imageUrl,
    highlights: w.highlights.join('\n'),
    itinerary: w.itinerary,
    decisionDate: w.decisionDate ?? '',
  };
}

/** A number as typed; a blank or garbled one is sent as -1, which the server refuses naming the field. */
const num = (s: string): number => (s.trim() === '' || !Number.isFinite(Number(s)) ? -1 : Number(s));

/** Add a workshop, or edit one: every field, validated by the server (errors shown next to their fields). */
function WorkshopForm({ workshop, onDone, onCancel, onError }: { workshop: Workshop | null; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(workshop));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [create] = useMutation(CREATE_WORKSHOP_MUTATION, { context: { admin: true } });
  const [update] = useMutation(UPDATE_WORKSHOP_MUTATION, { context: { admin: true } });
  const headingId = useId();
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const set = (name: keyof FormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }) as FormValues);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const fields = {
      name: values.name,
      description: values.description,
      location: values.location,
      state: values.state,
      startDate: values.startDate,
      endDate: values.endDate,
      timeZone: values.timeZone.trim(),
      capacity: Math.trunc(num(values.capacity)),
      minimumParticipants: Math.trunc(num(values.minimumParticipants)),
      price: num(values.price),
      privateRoomSupplement: values.privateRoomSupplement.trim() === '' ? null : num(values.privateRoomSupplement),
      difficultyLevel: values.difficultyLevel,
      workshopType: values.workshopType,
      imageUrl: values.imageUrl.trim(),
      highlights: values.highlights.split('\n').map((h) => h.trim()).filter(Boolean),
      itinerary: values.itinerary,
      // Blank: the default decision date, the balance due date (docs/decisions/063).
      decisionDate: values.decisionDate.trim() === '' ? null : values.decisionDate,
    };
    try {
      if (workshop) await update({ variables: { input: { ...fields, id: workshop.id } } });
      else await create({ variables: { input: { ...fields, id: values.id.trim() } } });
      onDone(workshop ? `${fields.name} was saved.` : `${fields.name} was added.`);
    } catch (error) {
      setBusy(false);
      if (onError(error)) return;
      const { fields: bad, message } = describeError(error);
      setErrors(bad);
      setProblem(message);
    }
  };

  const text = (name: keyof FormValues, label: string, options: { hint?: string; type?: string; required?: boolean; maxLength?: number; min?: number; max?: number; step?: string; list?: string } = {}) => (
    <Field name={name} label={label} hint={options.hint} error={errors[name]}>
      {(p) => (
        <input
          {...p}
          className="input"
          type={options.type ?? 'text'}
          required={options.required ?? true}
          maxLength={options.maxLength}
          min={options.min}
          max={options.max}
          step={options.step}
          list={options.list}
          value={values[name]}
          onChange={set(name)}
        />
      )}
    </Field>
  );

  return (
    <form className="admin-workshop-form stack" onSubmit={(e) => void submit(e)} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{workshop ? `Edit ${workshop.name}` : 'New workshop'}</h2>
      {problem ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      ) : null}
      {workshop ? (
        <p className="muted">
          Id <code>{workshop.id}</code>. {workshop.spotsClaimed} spots are taken: capacity cannot go below that. Price changes apply to new bookings only.
        </p>
      ) : (
        text('id', 'Id (address)', { hint: 'Lower-case letters, digits and hyphens, e.g. zion-canyon-light-2027. It cannot be changed later.', maxLength: 64 })
      )}
      {text('name', 'Name', { maxLength: 160 })}
      <Field name="description" label="Description" hint="Paragraphs separated by a blank line." error={errors.description}>
        {(p) => <textarea {...p} className="input" rows={5} required maxLength={10_000} value={values.description} onChange={set('description')} />}
      </Field>
      <div className="form-row">
        {text('location', 'Location', { maxLength: 160 })}
        {text('state', 'State', { maxLength: 60 })}
      </div>
      <div className="form-row">
        {text('startDate', 'Start date', { type: 'date' })}
        {text('endDate', 'End date', { type: 'date' })}
        {text('timeZone', 'Time zone', { hint: 'IANA name of the place, e.g. America/Denver. Dates are days in this zone.', list: 'workshop-time-zones', maxLength: 60 })}
        <datalist id="workshop-time-zones">
          {TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <div className="form-row">
        {text('capacity', 'Capacity', { type: 'number', min: 1, max: POLICY.maxGroupSize, step: '1', hint: `1 to ${POLICY.maxGroupSize} participants.` })}
        {text('minimumParticipants', 'Minimum to run', { type: 'number', min: 1, max: POLICY.maxGroupSize, step: '1', hint: 'Participants needed for the workshop to go ahead.' })}
        {text('decisionDate', 'Go/no-go decision date', { type: 'date', required: false, hint: `Blank: the balance due date, ${POLICY.balanceDueDaysBefore} days before the start.` })}
      </div>
      <div className="form-row">
        {text('price', 'Price per person (US$)', { type: 'number', min: 1, step: '0.01' })}
        {text('privateRoomSupplement', 'Private room supplement (US$)', { type: 'number', min: 0, step: '0.01', required: false, hint: `Blank: the default $${POLICY.defaultPrivateRoomSupplementCents / 100}.` })}
      </div>
      <div className="form-row">
        <Field name="difficultyLevel" label="Difficulty" error={errors.difficultyLevel}>
          {(p) => (
            <select {...p} className="input" value={values.difficultyLevel} onChange={set('difficultyLevel')}>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="workshopType" label="Type" error={errors.workshopType}>
          {(p) => (
            <select {...p} className="input" value={values.workshopType} onChange={set('workshopType')}>
              {WORKSHOP_TYPES.map((t) => (
                <option key={t} value={t}>
                  {labelOf(WORKSHOP_TYPE_LABELS, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {text('imageUrl', 'Image address', { hint: 'An https address or a site path such as /images/workshops/zion-canyon-light.jpg.', maxLength: 2000 })}
      <Field name="highlights" label="Highlights" hint="One per line, 1 to 8." error={errors.highlights}>
        {(p) => <textarea {...p} className="input" rows={5} required value={values.highlights} onChange={set('highlights')} />}
      </Field>
      <Field name="itinerary" label="Itinerary" hint='One line per day, e.g. "Day 1: Arrive in Springdale".' error={errors.itinerary}>
        {(p) => <textarea {...p} className="input" rows={6} required maxLength={10_000} value={values.itinerary} onChange={set('itinerary')} />}
      </Field>
      <div className="admin-workshop-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : workshop ? 'Save changes' : 'Create workshop'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Schedule again": the proposed id and dates a year on; everything else is copied. One click to create. */
function ScheduleAgainForm({ source, onDone, onCancel, onError }: { source: Workshop; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const proposed = nextRun(source);
  const [values, setValues] = useState(proposed);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [schedule] = useMutation(SCHEDULE_WORKSHOP_AGAIN_MUTATION, { context: { admin: true } });
  const headingId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => firstRef.current?.focus(), []);

  const set = (name: 'id' | 'startDate' | 'endDate') => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { data } = await schedule({ variables: { input: { sourceId: source.id, id: values.id.trim(), startDate: values.startDate, endDate: values.endDate || null } } });
      onDone(`${source.name} is scheduled again: ${data?.scheduleWorkshopAgain.workshop.dates ?? values.startDate} (${values.id.trim()}).`);
    } catch (error) {
      setBusy(false);
      if (onError(error)) return;
      const { fields, message } = describeError(error);
      setErrors(fields);
      setProblem(message);
    }
  };

  return (
    <form className="admin-workshop-form stack" onSubmit={(e) => void submit(e)} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>Schedule {source.name} again</h2>
      <p className="muted">
        A copy of this workshop ({source.dates}) with every spot free: the same text, price, capacity and photo. You can edit it afterwards.
      </p>
      {problem ? (
        <div className="notice notice--error" role="alert">
          {problem}
        </div>
      ) : null}
      <Field name="id" label="Id of the new run" hint="Lower-case letters, digits and hyphens." error={errors.id}>
        {(p) => <input {...p} className="input" type="text" required maxLength={64} value={values.id} onChange={set('id')} />}
      </Field>
      <div className="form-row">
        <Field name="startDate" label="Start date" hint={`In ${source.timeZone}.`} error={errors.startDate}>
          {(p) => <input {...p} className="input" type="date" required value={values.startDate} onChange={set('startDate')} />}
        </Field>
        <Field name="endDate" label="End date" error={errors.endDate}>
          {(p) => <input {...p} className="input" type="date" required value={values.endDate} onChange={set('endDate')} />}
        </Field>
      </div>
      <div className="admin-workshop-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} ref={firstRef}>
          {busy ? 'Scheduling...' : 'Create the new run'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
