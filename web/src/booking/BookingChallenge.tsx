import { createElement, useEffect, useRef, useState } from 'react';

/** Where the widget fetches a challenge (the api's REST route; GraphQL has `altchaChallenge` too). */
export const CHALLENGE_URL = '/api/altcha/challenge';

/**
 * The self-hosted ALTCHA proof-of-work check, shown only after the server
 * answered CHALLENGE_REQUIRED (docs/decisions/056; the waiting-list form too, 067): a visitor booking one group
 * never sees it. The widget's code is fetched here, on demand, so the booking
 * page stays light; it solves the challenge by itself in a second or so and
 * hands over the payload, which the form sends with the booking again.
 */
export function BookingChallenge({
  onSolved,
  what = 'this booking',
  then = 'your booking continues',
}: {
  onSolved: (payload: string) => void;
  /** What is checked ("this booking", "this request"). */
  what?: string;
  /** What happens once solved. */
  then?: string;
}) {
  const widget = useRef<HTMLElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let alive = true;
    import('altcha').then(
      () => alive && setState('ready'),
      (e: unknown) => {
        console.warn('Could not load the booking check', e);
        if (alive) setState('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (state !== 'ready' || !el) return;
    const verified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) onSolved(payload);
    };
    el.addEventListener('verified', verified);
    return () => el.removeEventListener('verified', verified);
  }, [state, onSolved]);

  return (
    <div className="notice booking-challenge" role="status" data-testid="booking-challenge">
      <p>{`One more step: a quick automatic check that ${what} is not made by a script. It takes a few seconds, then ${then}.`}</p>
      {state === 'failed' ? (
        <p>The check could not load. Please reload the page and try again.</p>
      ) : state === 'ready' ? (
        createElement('altcha-widget', { ref: widget, challenge: CHALLENGE_URL, auto: 'onload', name: 'altcha' })
      ) : (
        <p className="muted">Loading the check…</p>
      )}
    </div>
  );
}
