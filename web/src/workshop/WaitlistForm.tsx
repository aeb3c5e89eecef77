import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';
import { BookingChallenge } from '../booking/BookingChallenge';
import { POLICY } from 'api/shared/policy';
import { EMAIL_PATTERN, fullMatch, WAITLIST_TEXT_LIMITS } from 'api/shared/formats';
import { isChallengeRequired } from '../forms/graphqlProblem';
import { useForm, type FieldErrors } from '../forms/useForm';
import { Field } from '../forms/Field';
import type { JoinWaitlistInput, JoinWaitlistMutation, JoinWaitlistMutationVariables } from '../gql/graphql';

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

const EMAIL = fullMatch(EMAIL_PATTERN);

type Values = { name: string; email: string; spots: string };
type Fields = keyof Values;

function validate(values: Values): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  if (!values.email.trim()) errors.email = 'Please enter your email.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}

/**
 * "Join the waiting list" on a sold-out workshop: name, email and spots wanted.
 * The address gets a link that confirms the place (docs/decisions/067); when
 * spots come back, the first confirmed request that fits gets a mail with a
 * link that holds them (061). Beyond a few requests from one connection the
 * server asks for the proof-of-work check, as the booking form does; the
 * request is then sent again once it is solved. The form machinery is
 * useForm's (docs/decisions/070); a refusal's own sentence is its alert.
 */
export function WaitlistForm({ workshopId }: { workshopId: string }) {
  const id = useId();
  const [joined, setJoined] = useState<{ spots: number; email: string } | null>(null);
  const [join] = useMutation(JOIN_WAITLIST_MUTATION);
  // Set while the server wants a solved challenge: the check shows, and the request is sent again once solved.
  const [challenge, setChallenge] = useState<{ round: number; solvedOnce: boolean } | null>(null);
  const challengeRef = useRef(challenge);
  challengeRef.current = challenge;
  // The request as first sent: a solved check sends exactly it again.
  const submitted = useRef<Omit<JoinWaitlistInput, 'altcha'> | null>(null);

  /** Send the request; a CHALLENGE_REQUIRED the first time shows the check instead of failing. */
  async function send(altcha: string | null) {
    const input = submitted.current;
    if (!input) return;
    try {
      const result = await join({ variables: { input: { ...input, ...(altcha ? { altcha } : {}) } } });
      setChallenge(null);
      setJoined({ spots: result.data!.joinWaitlist.entry.spots, email: input.email });
    } catch (err) {
      if (isChallengeRequired(err) && !(altcha && challengeRef.current?.solvedOnce)) {
        setChallenge((c) => ({ round: (c?.round ?? 0) + 1, solvedOnce: altcha !== null }));
        return;
      }
      throw err;
    }
  }

  const form = useForm<Values>({
    initial: { name: '', email: '', spots: '1' },
    validate,
    fallback: 'Could not join the waiting list. Please try again.',
    problemText: (p) => p.message,
    onFailure: (err) => {
      console.warn('Joining the waiting list failed', err);
      setChallenge(null);
      return false;
    },
    onSubmit: async (v) => {
      if (challengeRef.current) return;
      submitted.current = { workshopId, name: v.name.trim(), email: v.email.trim(), spots: parseInt(v.spots, 10) };
      await send(null);
    },
  });

  if (joined) {
    return (
      <div className="notice notice--success waitlist-form__done" role="status">
        <strong>Check your email.</strong> We sent a link to {joined.email}: open it within {POLICY.waitlistConfirmHours} hours to confirm your place on the waiting list.
        When {joined.spots === 1 ? 'a spot opens' : `${joined.spots} spots open`} up, the first confirmed request that fits gets them held for {POLICY.waitlistOfferHours} hours.
      </div>
    );
  }

  const waiting = form.busy || challenge !== null;
  return (
    <form className="waitlist-form stack" onSubmit={form.handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="waitlist-form__title">
        Join the waiting list
      </h2>
      <p className="muted waitlist-form__intro">
        Sold out for now. Leave your details: if spots come back, the first request that fits gets them held for {POLICY.waitlistOfferHours} hours.
      </p>
      <Field id={`${id}-name`} name="name" label="Name" error={form.errors.name}>
        {(props) => (
          <input {...props} ref={form.fieldRef('name')} className="input" autoComplete="name" required maxLength={WAITLIST_TEXT_LIMITS.name} value={form.values.name} onChange={form.set('name')} />
        )}
      </Field>
      <Field id={`${id}-email`} name="email" label="Email" error={form.errors.email}>
        {(props) => (
          <input
            {...props}
            ref={form.fieldRef('email')}
            className="input"
            type="email"
            autoComplete="email"
            required
            maxLength={WAITLIST_TEXT_LIMITS.email}
            value={form.values.email}
            onChange={form.set('email')}
          />
        )}
      </Field>
      <Field id={`${id}-spots`} name="spots" label="Spots wanted" error={form.errors.spots}>
        {(props) => (
          <select {...props} ref={form.fieldRef('spots')} className="select" value={form.values.spots} onChange={form.set('spots')}>
            {Array.from({ length: POLICY.maxGroupSize }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      {form.problem && (
        <div ref={form.problemRef} tabIndex={-1} className="notice notice--error" role="alert">
          {form.problem}
        </div>
      )}
      {challenge && <BookingChallenge key={challenge.round} onSolved={(payload) => form.run(() => send(payload))} what="this request" then="your request is sent" />}
      <button type="submit" className="btn btn--primary btn--block" disabled={waiting}>
        {waiting ? 'Joining...' : 'Join the waiting list'}
      </button>
    </form>
  );
}
