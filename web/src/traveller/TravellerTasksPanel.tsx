import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@apollo/client/react';
import { ARRIVAL_MODES, ROOMMATE_PREFERENCES, TASK_LABELS, type TaskKind } from 'api/shared/pre-trip';
import { AGE_RULE_TEXT, formatIsoDate, POLICY } from 'api/shared/policy';
import { EMAIL_PATTERN, PHONE_PATTERN } from 'api/shared/formats';
import { graphqlProblem } from '../forms/graphqlProblem';
import type { TravellerTasksPanel_TasksFragment } from '../gql/graphql';
import { SAVE_GEAR_MUTATION, SAVE_HEALTH_MUTATION, SAVE_TRAVEL_MUTATION, SIGN_WAIVER_MUTATION } from './traveller.documents';

/** Who opens the tasks: the traveller's own link, or the booker's manage link (bookingId set). */
export interface TravellerAccess {
  travellerId: string;
  token: string;
  bookingId?: string | null;
}

const ARRIVAL_LABELS: Record<(typeof ARRIVAL_MODES)[number], string> = { flight: 'Flight', car: 'Car', train: 'Train', bus: 'Bus', other: 'Other' };
const ROOMMATE_LABELS: Record<(typeof ROOMMATE_PREFERENCES)[number], string> = {
  same_gender: 'Someone of the same gender',
  no_preference: 'No preference',
  named_person: 'A named person on this departure',
};

/** "2 of 4 ready" and what is missing, in words. */
export function ReadinessText({ readiness }: { readiness: { tasksDone: number; tasksTotal: number; missing: readonly string[] } }) {
  return (
    <>
      {readiness.tasksDone} of {readiness.tasksTotal} tasks done
      {readiness.missing.length > 0 && <span className="muted"> (to do: {readiness.missing.map((m) => TASK_LABELS[m as TaskKind]?.toLowerCase() ?? m).join('; ')})</span>}
    </>
  );
}

/** A traveller's four pre-trip tasks, each its own form (issue 25). The same panel serves the traveller's link and the booker's manage page. */
export function TravellerTasksPanel({ tasks, access, headingLevel = 2 }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess; headingLevel?: 2 | 3 }) {
  const done = (t: TaskKind) => !tasks.readiness.missing.includes(t);
  return (
    <div className="traveller-tasks" data-testid={`tasks-${tasks.travellerId}`}>
      <p className="traveller-tasks__progress" data-testid="tasks-progress" aria-live="polite">
        <strong>
          <ReadinessText readiness={tasks.readiness} />
        </strong>
        . Due by {formatIsoDate(tasks.deadline)}.
      </p>
      <TaskSection kind="waiver" done={done('waiver')} level={headingLevel}>
        <WaiverForm tasks={tasks} access={access} />
      </TaskSection>
      <TaskSection kind="health" done={done('health')} level={headingLevel}>
        <HealthForm tasks={tasks} access={access} />
      </TaskSection>
      <TaskSection kind="travel" done={done('travel')} level={headingLevel}>
        <TravelForm tasks={tasks} access={access} />
      </TaskSection>
      <TaskSection kind="gear" done={done('gear')} level={headingLevel}>
        <GearForm tasks={tasks} access={access} />
      </TaskSection>
    </div>
  );
}

function TaskSection({ kind, done, level, children }: { kind: TaskKind; done: boolean; level: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = `task-${kind}`;
  return (
    <section className="card traveller-task" aria-labelledby={id} data-testid={id}>
      <div className="card__body">
        <Heading id={id} className="traveller-task__title">
          {TASK_LABELS[kind]} <span className={done ? 'badge badge--success' : 'badge'}>{done ? 'Done' : 'To do'}</span>
        </Heading>
        {children}
      </div>
    </section>
  );
}

/** The access fields every task mutation sends. */
const accessInput = (a: TravellerAccess) => ({ travellerId: a.travellerId, token: a.token, ...(a.bookingId ? { bookingId: a.bookingId } : {}) });

/** A task form's state: saving, the server's problem (per field and overall), a saved notice. */
function useTaskForm() {
  const [problem, setProblem] = useState<{ message: string | null; fields: Partial<Record<string, string>> }>({ message: null, fields: {} });
  const [saved, setSaved] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setSaved(false);
    try {
      await work();
      setProblem({ message: null, fields: {} });
      setSaved(true);
    } catch (error) {
      const p = graphqlProblem(error);
      setProblem({ message: p.message ?? 'This could not be saved. Please try again.', fields: p.fields });
    }
  };
  return { problem, saved, run };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="field__error">
      {message}
    </p>
  ) : null;
}

function FormProblem({ message, saved, savedText }: { message: string | null; saved: boolean; savedText: string }) {
  if (message) {
    return (
      <p className="notice notice--error" role="alert">
        {message}
      </p>
    );
  }
  return saved ? (
    <p className="notice notice--success" role="status">
      {savedText}
    </p>
  ) : null;
}

function WaiverForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [sign, { loading }] = useMutation(SIGN_WAIVER_MUTATION);
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const form = useTaskForm();
  const p = `waiver-${tasks.travellerId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(() => sign({ variables: { input: { ...accessInput(access), fullName, consent, contentHash: tasks.waiver.contentHash } } }));
  };
  return (
    <>
      <div className="waiver-text" tabIndex={0} role="document" aria-label="Release of liability text">
        {tasks.waiver.text.split('\n').map((line, i) => (line.trim() ? <p key={i}>{line}</p> : null))}
      </div>
      {tasks.waiver.signed ? (
        <p className="notice notice--success" data-testid="waiver-signed">
          Signed by {tasks.waiver.signedName} on {tasks.waiver.signedAt ? new Date(tasks.waiver.signedAt).toUTCString() : ''}. A signed copy was emailed.
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Sign the release">
          <div className="field">
            <label htmlFor={`${p}-name`}>Full legal name *</label>
            <input
              className="input"
              id={`${p}-name`}
              type="text"
              maxLength={120}
              autoComplete="name"
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              aria-invalid={form.problem.fields.fullName ? true : undefined}
              aria-describedby={form.problem.fields.fullName ? `${p}-name-error` : undefined}
            />
            <FieldError id={`${p}-name`} message={form.problem.fields.fullName} />
          </div>
          <div className="field">
            <label className="check" htmlFor={`${p}-consent`}>
              <input type="checkbox" id={`${p}-consent`} checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-describedby={form.problem.fields.consent ? `${p}-consent-error` : undefined} />
              I have read this release and agree to it
            </label>
            <FieldError id={`${p}-consent`} message={form.problem.fields.consent} />
          </div>
          <FormProblem message={form.problem.message} saved={false} savedText="" />
          <button type="submit" className="btn btn--primary" disabled={loading}>
            {loading ? 'Signing...' : 'Sign the release'}
          </button>
        </form>
      )}
    </>
  );
}

function HealthForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [save, { loading }] = useMutation(SAVE_HEALTH_MUTATION);
  const [v, setV] = useState({
    age: tasks.age === null || tasks.age === undefined ? '' : String(tasks.age),
    healthConcerns: tasks.healthConcerns ?? '',
    dietaryRestrictions: tasks.dietaryRestrictions ?? '',
    emergencyContactName: tasks.emergencyContactName ?? '',
    emergencyContactPhone: tasks.emergencyContactPhone ?? '',
    emergencyContactEmail: tasks.emergencyContactEmail ?? '',
  });
  const form = useTaskForm();
  const p = `health-${tasks.travellerId}`;
  const input = (name: keyof typeof v, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div className="field">
      <label htmlFor={`${p}-${name}`}>{label}</label>
      <input
        className="input"
        id={`${p}-${name}`}
        value={v[name]}
        onChange={(e) => setV({ ...v, [name]: e.target.value })}
        aria-invalid={form.problem.fields[name] ? true : undefined}
        aria-describedby={[props['aria-describedby'], form.problem.fields[name] ? `${p}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      <FieldError id={`${p}-${name}`} message={form.problem.fields[name]} />
      {hint && (
        <span className="field__hint" id={`${p}-${name}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(() =>
      save({
        variables: {
          input: {
            ...accessInput(access),
            age: /^\d+$/.test(v.age.trim()) ? parseInt(v.age, 10) : -1,
            healthConcerns: v.healthConcerns.trim() || null,
            dietaryRestrictions: v.dietaryRestrictions.trim() || null,
            emergencyContactName: v.emergencyContactName,
            emergencyContactPhone: v.emergencyContactPhone,
            emergencyContactEmail: v.emergencyContactEmail,
          },
        },
      }),
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Health, dietary needs and emergency contact">
      <div className="form-grid form-grid--2">
        {input('age', 'Age *', { type: 'number', min: POLICY.minAge, max: POLICY.maxAge, inputMode: 'numeric', 'aria-describedby': `${p}-age-hint` }, AGE_RULE_TEXT)}
        {input('healthConcerns', 'Health concerns', { maxLength: 2000 })}
        {input('dietaryRestrictions', 'Dietary needs', { maxLength: 2000 })}
        {input('emergencyContactName', 'Emergency contact name *', { maxLength: 120 })}
        {input('emergencyContactPhone', 'Emergency contact phone *', { type: 'tel', maxLength: 40, pattern: PHONE_PATTERN })}
        {input('emergencyContactEmail', 'Emergency contact email *', { type: 'email', maxLength: 254, pattern: EMAIL_PATTERN })}
      </div>
      <FormProblem message={form.problem.message} saved={form.saved} savedText="Saved: thank you." />
      <button type="submit" className="btn btn--primary" disabled={loading}>
        {loading ? 'Saving...' : 'Confirm these details'}
      </button>
    </form>
  );
}

function TravelForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [save, { loading }] = useMutation(SAVE_TRAVEL_MUTATION);
  const shared = tasks.roomType === 'shared';
  const [v, setV] = useState({
    arrivalDate: tasks.arrivalDate ?? '',
    arrivalTime: tasks.arrivalTime ?? '',
    arrivalBy: tasks.arrivalBy ?? 'flight',
    flightNumber: tasks.flightNumber ?? '',
    roommatePreference: tasks.roommatePreference ?? 'no_preference',
    roommateName: tasks.roommateName ?? '',
  });
  const form = useTaskForm();
  const p = `travel-${tasks.travellerId}`;
  const error = (name: string) => form.problem.fields[name];
  const describe = (name: string) => (error(name) ? `${p}-${name}-error` : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(() =>
      save({
        variables: {
          input: {
            ...accessInput(access),
            arrivalDate: v.arrivalDate,
            arrivalTime: v.arrivalTime,
            arrivalBy: v.arrivalBy,
            flightNumber: v.flightNumber.trim() || null,
            roommatePreference: shared ? v.roommatePreference : null,
            roommateName: shared && v.roommatePreference === 'named_person' ? v.roommateName : null,
          },
        },
      }),
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Travel details">
      <div className="form-grid form-grid--2">
        <div className="field">
          <label htmlFor={`${p}-arrivalDate`}>Arrival date *</label>
          <input className="input" type="date" id={`${p}-arrivalDate`} value={v.arrivalDate} onChange={(e) => setV({ ...v, arrivalDate: e.target.value })} aria-invalid={error('arrivalDate') ? true : undefined} aria-describedby={describe('arrivalDate')} />
          <FieldError id={`${p}-arrivalDate`} message={error('arrivalDate')} />
        </div>
        <div className="field">
          <label htmlFor={`${p}-arrivalTime`}>Arrival time (local) *</label>
          <input className="input" type="time" id={`${p}-arrivalTime`} value={v.arrivalTime} onChange={(e) => setV({ ...v, arrivalTime: e.target.value })} aria-invalid={error('arrivalTime') ? true : undefined} aria-describedby={describe('arrivalTime')} />
          <FieldError id={`${p}-arrivalTime`} message={error('arrivalTime')} />
        </div>
        <div className="field">
          <label htmlFor={`${p}-arrivalBy`}>Arriving by *</label>
          <select className="select" id={`${p}-arrivalBy`} value={v.arrivalBy} onChange={(e) => setV({ ...v, arrivalBy: e.target.value })}>
            {ARRIVAL_MODES.map((m) => (
              <option key={m} value={m}>
                {ARRIVAL_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${p}-flightNumber`}>Flight number (optional)</label>
          <input className="input" type="text" id={`${p}-flightNumber`} maxLength={10} value={v.flightNumber} onChange={(e) => setV({ ...v, flightNumber: e.target.value })} aria-invalid={error('flightNumber') ? true : undefined} aria-describedby={describe('flightNumber')} />
          <FieldError id={`${p}-flightNumber`} message={error('flightNumber')} />
        </div>
        {shared && (
          <div className="field">
            <label htmlFor={`${p}-roommatePreference`}>Roommate preference (shared room) *</label>
            <select className="select" id={`${p}-roommatePreference`} value={v.roommatePreference} onChange={(e) => setV({ ...v, roommatePreference: e.target.value })}>
              {ROOMMATE_PREFERENCES.map((r) => (
                <option key={r} value={r}>
                  {ROOMMATE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        {shared && v.roommatePreference === 'named_person' && (
          <div className="field">
            <label htmlFor={`${p}-roommateName`}>Their name *</label>
            <input className="input" type="text" id={`${p}-roommateName`} maxLength={120} value={v.roommateName} onChange={(e) => setV({ ...v, roommateName: e.target.value })} aria-invalid={error('roommateName') ? true : undefined} aria-describedby={describe('roommateName')} />
            <FieldError id={`${p}-roommateName`} message={error('roommateName')} />
          </div>
        )}
      </div>
      <FormProblem message={form.problem.message} saved={form.saved} savedText="Saved: thank you." />
      <button type="submit" className="btn btn--primary" disabled={loading}>
        {loading ? 'Saving...' : 'Save travel details'}
      </button>
    </form>
  );
}

function GearForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [save, { loading }] = useMutation(SAVE_GEAR_MUTATION);
  const [ticked, setTicked] = useState(() => new Set(tasks.gear.filter((g) => g.ticked).map((g) => g.id)));
  const form = useTaskForm();
  const p = `gear-${tasks.travellerId}`;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(() => save({ variables: { input: { ...accessInput(access), ticked: [...ticked] } } }));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Gear checklist">
      <fieldset className="fieldset gear-list">
        <legend className="visually-hidden">Tick what you will bring</legend>
        {tasks.gear.map((g) => (
          <label key={g.id} className="check" htmlFor={`${p}-${g.id}`}>
            <input type="checkbox" id={`${p}-${g.id}`} checked={ticked.has(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
            {g.label}
          </label>
        ))}
      </fieldset>
      <FormProblem message={form.problem.message} saved={form.saved} savedText="Saved: thank you." />
      <button type="submit" className="btn btn--primary" disabled={loading}>
        {loading ? 'Saving...' : 'Save checklist'}
      </button>
    </form>
  );
}

