import { EMAIL_HINT, EMAIL_PATTERN, fullMatch } from 'api/shared/formats';

/** Another traveller as the booking form asks for them: name and email, or "I'll add them later". */
export interface TravellerEntry {
  name: string;
  email: string;
  later: boolean;
}

export const EMPTY_TRAVELLER: TravellerEntry = { name: '', email: '', later: false };

const EMAIL = fullMatch(EMAIL_PATTERN);

/** The others' entries for `participants` (the booker is the first): kept as typed when the count changes. */
export function travellersFor(participants: number, current: readonly TravellerEntry[]): TravellerEntry[] {
  const others = Math.max(0, (Number.isFinite(participants) ? participants : 1) - 1);
  return Array.from({ length: others }, (_, i) => current[i] ?? EMPTY_TRAVELLER);
}

/** Field ids of traveller `n` (2..N), e.g. traveller-2-name. */
export const travellerFieldId = (n: number, part: 'name' | 'email' | 'later') => `traveller-${n}-${part}`;

/** The same rules as the server's TravellerNameInput: a name and an email, unless left for later. */
export function validateTravellers(travellers: readonly TravellerEntry[]): Record<string, string> {
  const e: Record<string, string> = {};
  travellers.forEach((t, i) => {
    if (t.later) return;
    const n = i + 2;
    if (!t.name.trim()) e[travellerFieldId(n, 'name')] = `Please enter traveller ${n}’s full name, or tick “I’ll add them later”.`;
    if (!t.email.trim()) e[travellerFieldId(n, 'email')] = `Please enter traveller ${n}’s email, or tick “I’ll add them later”.`;
    else if (!EMAIL.test(t.email.trim())) e[travellerFieldId(n, 'email')] = EMAIL_HINT;
  });
  return e;
}

interface Props {
  travellers: readonly TravellerEntry[];
  errors: Record<string, string>;
  onChange(index: number, entry: TravellerEntry): void;
}

/**
 * The other travellers of a booking for several (issue 25): each gets their
 * own link to their pre-trip tasks. Shown only when more than one participant is booked.
 */
export function TravellerFields({ travellers, errors, onChange }: Props) {
  if (!travellers.length) return null;
  return (
    <fieldset className="fieldset" data-testid="traveller-fields">
      <legend>Who else is travelling</legend>
      <p className="field__hint" id="travellers-hint">
        You are traveller 1. Each other traveller gets their own link to sign the release and complete their pre-trip tasks. You can also add them later
        from your booking page.
      </p>
      {travellers.map((t, i) => {
        const n = i + 2;
        const id = (part: 'name' | 'email' | 'later') => travellerFieldId(n, part);
        const described = (part: 'name' | 'email') => (errors[id(part)] ? `${id(part)}-error` : undefined);
        return (
          <div className="form-grid form-grid--2 traveller-fields__row" key={n}>
            <div className="field">
              <label htmlFor={id('name')}>Traveller {n}: full name</label>
              <input
                className="input"
                type="text"
                id={id('name')}
                name={id('name')}
                maxLength={120}
                autoComplete="off"
                value={t.name}
                disabled={t.later}
                aria-invalid={errors[id('name')] ? true : undefined}
                aria-describedby={described('name')}
                onChange={(e) => onChange(i, { ...t, name: e.target.value })}
              />
              {errors[id('name')] && (
                <p id={`${id('name')}-error`} className="field__error">
                  {errors[id('name')]}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={id('email')}>Traveller {n}: email</label>
              <input
                className="input"
                type="email"
                id={id('email')}
                name={id('email')}
                maxLength={254}
                autoComplete="off"
                pattern={EMAIL_PATTERN}
                value={t.email}
                disabled={t.later}
                aria-invalid={errors[id('email')] ? true : undefined}
                aria-describedby={described('email')}
                onChange={(e) => onChange(i, { ...t, email: e.target.value })}
              />
              {errors[id('email')] && (
                <p id={`${id('email')}-error`} className="field__error">
                  {errors[id('email')]}
                </p>
              )}
            </div>
            <div className="field field--check">
              <label className="check" htmlFor={id('later')}>
                <input type="checkbox" id={id('later')} name={id('later')} checked={t.later} onChange={(e) => onChange(i, { ...t, later: e.target.checked })} />
                I&rsquo;ll add traveller {n} later
              </label>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
