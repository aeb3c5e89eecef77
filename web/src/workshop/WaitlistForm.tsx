import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { BookingChallenge } from '../booking/BookingChallenge';
import { POLICY } from 'api/shared/policy';
import { graphqlProblem, isChallengeRequired } from '../forms/graphqlProblem';
import type { JoinWaitlistMutation, JoinWaitlistMutationVariables } from '../gql/graphql';

export const JOIN_WAITLIST_MUTATION: TypedDocumentNode<JoinWaitlistMutation, JoinWaitlistMutationVariables> = gql`
  mutation JoinWaitlist($input: JoinWaitlistInput!) {
    joinWaitlist(input: $input) {
      entry {
        id
        name
        spots
        state
      }
    }
  }
`;

/** How long the confirmation link works (api/src/waitlist/waitlist.types.ts CONFIRM_HOURS). */
const CONFIRM_HOURS = 24;

/** The api's limits (api/src/waitlist/waitlist.types.ts WAITLIST_LIMITS). */
const LIMITS = { name: 120, email: 254 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'name' | 'email' | 'spots';
type Errors = Partial<Record<Field, string>>;

function validate(values: { name: string; email: string }): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  if (!values.email.trim()) errors.email = 'Please enter your email.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}

/** The server's refusal (graphqlProblem): its message, and the fields of this form it names (validation, ALREADY_WAITING, SPOTS_AVAILABLE). */
function serverErrors(error: unknown): { message: string; fields: Errors } {
  const p = graphqlProblem(error);
  const { name, email, spots } = p.fields;
  const fields = Object.fromEntries(Object.entries({ name, email, spots }).filter(([, m]) => m !== undefined)) as Errors;
  return { message: p.message ?? 'Could not join the waiting list. Please try again.', fields };
}

/**
 * "Join the waiting list" on a sold-out workshop: name, email and spots wanted.
 * The address gets a link that confirms the place (docs/decisions/067); when
 * spots come back, the first confirmed request that fits gets a mail with a
 * link that holds them for 48 hours (061). Beyond a few requests from one
 * connection the server asks for the proof-of-work check, as the booking form does.
 */
export function WaitlistForm({ workshopId }: { workshopId: string }) {
  const id = useId();
  const [values, setValues] = useState({ name: '', email: '', spots: '1' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ spots: number; email: string } | null>(null);
  const [join, { loading }] = useMutation(JOIN_WAITLIST_MUTATION);
  // Set while the server wants a solved challenge: the check shows, and the request is sent again once solved.
  const [challenge, setChallenge] = useState<{ round: number; solvedOnce: boolean } | null>(null);
  const submitted = useRef<{ workshopId: string; name: string; email: string; spots: number } | null>(null);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});

  const set = (name: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (name in errors) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loading || challenge) return;
    const found = validate(values);
    setErrors(found);
    setProblem(null);
    const firstBad = (['name', 'email'] as const).find((f) => found[f]);
    if (firstBad) {
      fields.current[firstBad]?.focus();
      return;
    }
    submitted.current = { workshopId, name: values.name.trim(), email: values.email.trim(), spots: parseInt(values.spots, 10) };
    await send(null);
  }

  async function send(altcha: string | null) {
    const input = submitted.current;
    if (!input) return;
    try {
      const result = await join({ variables: { input: { ...input, ...(altcha ? { altcha } : {}) } } });
      setChallenge(null);
      setJoined({ spots: result.data!.joinWaitlist.entry.spots, email: input.email });
    } catch (err) {
      // Not a failure the first time: show the check, which sends the request again once solved.
      if (isChallengeRequired(err) && !(altcha && challenge?.solvedOnce)) {
        setChallenge((c) => ({ round: (c?.round ?? 0) + 1, solvedOnce: altcha !== null }));
        return;
      }
      console.warn('Joining the waiting list failed', err);
      setChallenge(null);
      const { message, fields: bad } = serverErrors(err);
      setErrors(bad);
      setProblem(message);
    }
  }

  if (joined) {
    return (
      <div className="notice notice--success waitlist-form__done" role="status">
        <strong>Check your email.</strong> We sent a link to {joined.email}: open it within {CONFIRM_HOURS} hours to confirm your place on the waiting list. When{' '}
        {joined.spots === 1 ? 'a spot opens' : `${joined.spots} spots open`} up, the first confirmed request that fits gets them held for 48 hours.
      </div>
    );
  }

  const describedBy = (f: Field) => (errors[f] ? `${id}-${f}-error` : undefined);
  const error = (f: Field) =>
    errors[f] ? (
      <span id={`${id}-${f}-error`} className="field__error">
        {errors[f]}
      </span>
    ) : null;

  return (
    <form className="waitlist-form stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="waitlist-form__title">
        Join the waiting list
      </h2>
      <p className="muted waitlist-form__intro">Sold out for now. Leave your details: if spots come back, the first request that fits gets them held for 48 hours.</p>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          ref={(el) => void (fields.current.name = el)}
          className="input"
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          value={values.name}
          onChange={set('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          ref={(el) => void (fields.current.email = el)}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          value={values.email}
          onChange={set('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-spots`}>Spots wanted</label>
        <select
          id={`${id}-spots`}
          ref={(el) => void (fields.current.spots = el)}
          className="select"
          name="spots"
          value={values.spots}
          onChange={set('spots')}
          aria-invalid={errors.spots ? true : undefined}
          aria-describedby={describedBy('spots')}
        >
          {Array.from({ length: POLICY.maxGroupSize }, (_, i) => String(i + 1)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {error('spots')}
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {challenge && <BookingChallenge key={challenge.round} onSolved={(payload) => void send(payload)} what="this request" then="your request is sent" />}
      <button type="submit" className="btn btn--primary btn--block" disabled={loading || challenge !== null}>
        {loading || challenge ? 'Joining...' : 'Join the waiting list'}
      </button>
    </form>
  );
}
