import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
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
type AccessFields = 'travellerId' | 'token' | 'bookingId';

interface Problem {
  message: string | null;
  fields: Partial<Record<string, string>>;
}
const NO_PROBLEM: Problem = { message: null, fields: {} };

/**
 * The frame every task form shares: its mutation (the link's access fields added to the input), the
 * saving state, the server's problem (per field and overall) and the saved notice. `prefix` starts the
 * ids of the form's fields (one panel per traveller can stand on a page).
 */
function useTaskForm<TData, TVariables extends { input: { token: string } }>(mutation: TypedDocumentNode<TData, TVariables>, access: TravellerAccess, prefix: string) {
  type TInput = TVariables['input'];
  const [mutate, { loading }] = useMutation(mutation);
  // Apollo's options type is conditional on TVariables, which TypeScript cannot resolve inside a generic: the input is typed where it is built.
  const send = mutate as (options: { variables: TVariables }) => Promise<unknown>;
  const [problem, setProblem] = useState<Problem>(NO_PROBLEM);
  const [saved, setSaved] = useState(false);
  const run = async (input: TInput) => {
    setSaved(false);
    try {
      await send({ variables: { input } as TVariables });
      setProblem(NO_PROBLEM);
      setSaved(true);
    } catch (error) {
      const p = graphqlProblem(error);
      setProblem({ message: p.message ?? 'This could not be saved. Please try again.', fields: p.fields });
    }
  };
  /** The form's submit handler: `fields` reads the form's own fields when it is sent. */
  const onSubmit = (fields: () => Omit<TInput, AccessFields>) => (e: FormEvent) => {
    e.preventDefault();
    void run({ ...accessInput(access), ...fields() } as TInput);
  };
  return { loading, problem, saved, prefix, onSubmit };
}
type TaskFormState = Pick<ReturnType<typeof useTaskForm>, 'loading' | 'problem' | 'saved' | 'prefix'>;
/** What a task form's input may set besides what TaskInput sets. */
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'id' | 'value' | 'onChange'>;

/** A task form: its fields, then the server's problem or the saved notice (`savedText`, if the form shows one), then its button. */
function TaskForm({ form, label, onSubmit, action, busy, savedText, children }: { form: TaskFormState; label: string; onSubmit(e: FormEvent): void; action: string; busy: string; savedText?: string; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <FormProblem message={form.problem.message} saved={savedText ? form.saved : false} savedText={savedText ?? ''} />
      <button type="submit" className="btn btn--primary" disabled={form.loading}>
        {form.loading ? busy : action}
      </button>
    </form>
  );
}

/**
 * A labelled input of a task form: marked invalid and described by the server's message for
 * `field` when there is one, and by its hint. Its id is `{prefix}-{id ?? field}`; props given
 * (type, limits, an aria-describedby of its own) go to the input last.
 */
function TaskInput({ frame, field, id, label, value, onValue, hint, 'aria-describedby': describedBy, ...props }: { frame: TaskFormState; field: string; id?: string; label: string; value: string; onValue(value: string): void; hint?: string } & InputProps) {
  const inputId = `${frame.prefix}-${id ?? field}`;
  const error = frame.problem.fields[field];
  // Its own description (the hint) and the server's message both describe it: the error is not lost behind a given aria-describedby.
  const described = [describedBy, error ? `${inputId}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        className="input"
        id={inputId}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={described}
      />
      <FieldError id={inputId} message={error} />
      {hint && (
        <span className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
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
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const form = useTaskForm(SIGN_WAIVER_MUTATION, access, `waiver-${tasks.travellerId}`);
  const p = form.prefix;
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
        <TaskForm form={form} label="Sign the release" onSubmit={form.onSubmit(() => ({ fullName, consent, contentHash: tasks.waiver.contentHash }))} action="Sign the release" busy="Signing...">
          <TaskInput frame={form} field="fullName" id="name" label="Full legal name *" type="text" maxLength={120} autoComplete="name" value={fullName} onValue={setFullName} />
          <div className="field">
            <label className="check" htmlFor={`${p}-consent`}>
              <input type="checkbox" id={`${p}-consent`} checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-describedby={form.problem.fields.consent ? `${p}-consent-error` : undefined} />
              I have read this release and agree to it
            </label>
            <FieldError id={`${p}-consent`} message={form.problem.fields.consent} />
          </div>
        </TaskForm>
      )}
    </>
  );
}

function HealthForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [v, setV] = useState({
    age: tasks.age === null || tasks.age === undefined ? '' : String(tasks.age),
    healthConcerns: tasks.healthConcerns ?? '',
    dietaryRestrictions: tasks.dietaryRestrictions ?? '',
    emergencyContactName: tasks.emergencyContactName ?? '',
    emergencyContactPhone: tasks.emergencyContactPhone ?? '',
    emergencyContactEmail: tasks.emergencyContactEmail ?? '',
  });
  const form = useTaskForm(SAVE_HEALTH_MUTATION, access, `health-${tasks.travellerId}`);
  const input = (name: keyof typeof v, label: string, props: InputProps & { hint?: string } = {}) => (
    <TaskInput frame={form} field={name} label={label} value={v[name]} onValue={(value) => setV({ ...v, [name]: value })} {...props} />
  );
  const submit = form.onSubmit(() => ({
    age: /^\d+$/.test(v.age.trim()) ? parseInt(v.age, 10) : -1,
    healthConcerns: v.healthConcerns.trim() || null,
    dietaryRestrictions: v.dietaryRestrictions.trim() || null,
    emergencyContactName: v.emergencyContactName,
    emergencyContactPhone: v.emergencyContactPhone,
    emergencyContactEmail: v.emergencyContactEmail,
  }));
  return (
    <TaskForm form={form} label="Health, dietary needs and emergency contact" onSubmit={submit} action="Confirm these details" busy="Saving..." savedText="Saved: thank you.">
      <div className="form-grid form-grid--2">
        {input('age', 'Age *', { type: 'number', min: POLICY.minAge, max: POLICY.maxAge, inputMode: 'numeric', 'aria-describedby': `${form.prefix}-age-hint`, hint: AGE_RULE_TEXT })}
        {input('healthConcerns', 'Health concerns', { maxLength: 2000 })}
        {input('dietaryRestrictions', 'Dietary needs', { maxLength: 2000 })}
        {input('emergencyContactName', 'Emergency contact name *', { maxLength: 120 })}
        {input('emergencyContactPhone', 'Emergency contact phone *', { type: 'tel', maxLength: 40, pattern: PHONE_PATTERN })}
        {input('emergencyContactEmail', 'Emergency contact email *', { type: 'email', maxLength: 254, pattern: EMAIL_PATTERN })}
      </div>
    </TaskForm>
  );
}

function TravelForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const shared = tasks.roomType === 'shared';
  const [v, setV] = useState({
    arrivalDate: tasks.arrivalDate ?? '',
    arrivalTime: tasks.arrivalTime ?? '',
    arrivalBy: tasks.arrivalBy ?? 'flight',
    flightNumber: tasks.flightNumber ?? '',
    roommatePreference: tasks.roommatePreference ?? 'no_preference',
    roommateName: tasks.roommateName ?? '',
  });
  const form = useTaskForm(SAVE_TRAVEL_MUTATION, access, `travel-${tasks.travellerId}`);
  const p = form.prefix;
  const set = (name: keyof typeof v) => (value: string) => setV({ ...v, [name]: value });
  const submit = form.onSubmit(() => ({
    arrivalDate: v.arrivalDate,
    arrivalTime: v.arrivalTime,
    arrivalBy: v.arrivalBy,
    flightNumber: v.flightNumber.trim() || null,
    roommatePreference: shared ? v.roommatePreference : null,
    roommateName: shared && v.roommatePreference === 'named_person' ? v.roommateName : null,
  }));
  return (
    <TaskForm form={form} label="Travel details" onSubmit={submit} action="Save travel details" busy="Saving..." savedText="Saved: thank you.">
      <div className="form-grid form-grid--2">
        <TaskInput frame={form} field="arrivalDate" label="Arrival date *" type="date" value={v.arrivalDate} onValue={set('arrivalDate')} />
        <TaskInput frame={form} field="arrivalTime" label="Arrival time (local) *" type="time" value={v.arrivalTime} onValue={set('arrivalTime')} />
        <div className="field">
          <label htmlFor={`${p}-arrivalBy`}>Arriving by *</label>
          <select className="select" id={`${p}-arrivalBy`} value={v.arrivalBy} onChange={(e) => set('arrivalBy')(e.target.value)}>
            {ARRIVAL_MODES.map((m) => (
              <option key={m} value={m}>
                {ARRIVAL_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <TaskInput frame={form} field="flightNumber" label="Flight number (optional)" type="text" maxLength={10} value={v.flightNumber} onValue={set('flightNumber')} />
        {shared && (
          <div className="field">
            <label htmlFor={`${p}-roommatePreference`}>Roommate preference (shared room) *</label>
            <select className="select" id={`${p}-roommatePreference`} value={v.roommatePreference} onChange={(e) => set('roommatePreference')(e.target.value)}>
              {ROOMMATE_PREFERENCES.map((r) => (
                <option key={r} value={r}>
                  {ROOMMATE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        {shared && v.roommatePreference === 'named_person' && <TaskInput frame={form} field="roommateName" label="Their name *" type="text" maxLength={120} value={v.roommateName} onValue={set('roommateName')} />}
      </div>
    </TaskForm>
  );
}

function GearForm({ tasks, access }: { tasks: TravellerTasksPanel_TasksFragment; access: TravellerAccess }) {
  const [ticked, setTicked] = useState(() => new Set(tasks.gear.filter((g) => g.ticked).map((g) => g.id)));
  const form = useTaskForm(SAVE_GEAR_MUTATION, access, `gear-${tasks.travellerId}`);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  };
  return (
    <TaskForm form={form} label="Gear checklist" onSubmit={form.onSubmit(() => ({ ticked: [...ticked] }))} action="Save checklist" busy="Saving..." savedText="Saved: thank you.">
      <fieldset className="fieldset gear-list">
        <legend className="visually-hidden">Tick what you will bring</legend>
        {tasks.gear.map((g) => (
          <label key={g.id} className="check" htmlFor={`${form.prefix}-${g.id}`}>
            <input type="checkbox" id={`${form.prefix}-${g.id}`} checked={ticked.has(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
            {g.label}
          </label>
        ))}
      </fieldset>
    </TaskForm>
  );
}
