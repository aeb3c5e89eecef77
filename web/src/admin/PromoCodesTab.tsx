import { useEffect, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { dollarsToCents, formatCents } from 'api/shared/money';
import type {
  AdminPromoCodesQuery,
  AdminPromoCodesQueryVariables,
  CreatePromoCodeMutation,
  CreatePromoCodeMutationVariables,
  PromoKind,
  SetPromoCodePausedMutation,
  SetPromoCodePausedMutationVariables,
} from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { graphqlProblem, problemMessage } from '../forms/graphqlProblem';
import { ProblemAlert } from '../forms/ProblemAlert';

const PROMO_CODE_FIELDS = gql`
  fragment PromoCodesTab_code on PromoCode {
    id
    code
    kind
    percentOff
    amountOffCents
    workshopIds
    validFrom
    validUntil
    maxUses
    maxUsesPerEmail
    minParticipants
    paused
    usesCount
  }
`;

export const ADMIN_PROMO_CODES_QUERY: TypedDocumentNode<AdminPromoCodesQuery, AdminPromoCodesQueryVariables> = gql`
  query AdminPromoCodes {
    adminPromoCodes {
      id
      ...PromoCodesTab_code
    }
  }
  ${PROMO_CODE_FIELDS}
`;

export const CREATE_PROMO_CODE_MUTATION: TypedDocumentNode<CreatePromoCodeMutation, CreatePromoCodeMutationVariables> = gql`
  mutation CreatePromoCode($input: CreatePromoCodeInput!) {
    createPromoCode(input: $input) {
      promoCode {
        id
        ...PromoCodesTab_code
      }
    }
  }
  ${PROMO_CODE_FIELDS}
`;

export const SET_PROMO_CODE_PAUSED_MUTATION: TypedDocumentNode<SetPromoCodePausedMutation, SetPromoCodePausedMutationVariables> = gql`
  mutation SetPromoCodePaused($input: SetPromoCodePausedInput!) {
    setPromoCodePaused(input: $input) {
      promoCode {
        id
        paused
      }
    }
  }
`;

type Code = AdminPromoCodesQuery['adminPromoCodes'][number];

interface Draft {
  code: string;
  kind: PromoKind;
  percentOff: string;
  amountOff: string;
  workshopIds: string[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerEmail: string;
  minParticipants: string;
}

const EMPTY: Draft = { code: '', kind: 'percent' as PromoKind, percentOff: '', amountOff: '', workshopIds: [], validFrom: '', validUntil: '', maxUses: '', maxUsesPerEmail: '', minParticipants: '1' };

const whole = (v: string) => (v.trim() === '' ? null : Number(v));
/** A day typed in the form as the instant it starts (UTC); "until" is the end of that day. */
const startOf = (day: string) => (day ? `${day}T00:00:00.000Z` : null);
const endOf = (day: string) => (day ? new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString() : null);
const dayOf = (iso: string | null | undefined, end = false) => (iso ? new Date(Date.parse(iso) - (end ? 1 : 0)).toISOString().slice(0, 10) : null);

function discountText(c: Pick<Code, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return c.kind === 'percent' ? `${c.percentOff}% off` : `${formatCents(c.amountOffCents ?? 0)} off`;
}

/**
 * The admin's promo codes (docs/decisions/096): create one (percentage or fixed
 * amount, some or all workshops, dates, caps, fewest participants), list them
 * with their uses, pause and resume. The server checks every rule and names
 * the field it refuses.
 */
export function PromoCodesTab({ workshops, onError }: { workshops: ReadonlyArray<{ id: string; name: string }>; onError(e: unknown): void }) {
  const { data, loading, error, refetch } = useQuery(ADMIN_PROMO_CODES_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const [create, created] = useMutation(CREATE_PROMO_CODE_MUTATION, { context: { admin: true }, refetchQueries: [ADMIN_PROMO_CODES_QUERY] });
  const [setPaused] = useMutation(SET_PROMO_CODE_PAUSED_MUTATION, { context: { admin: true } });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Partial<Record<string, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const names = new Map(workshops.map((w) => [w.id, w.name]));
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setFields({});
    setNotice(null);
    const percent = draft.kind === 'percent';
    try {
      const result = await create({
        variables: {
          input: {
            code: draft.code.trim(),
            kind: draft.kind,
            percentOff: percent ? whole(draft.percentOff) : null,
            amountOffCents: percent || draft.amountOff.trim() === '' ? null : dollarsToCents(Number(draft.amountOff)),
            workshopIds: draft.workshopIds,
            validFrom: startOf(draft.validFrom),
            validUntil: endOf(draft.validUntil),
            maxUses: whole(draft.maxUses),
            maxUsesPerEmail: whole(draft.maxUsesPerEmail),
            minParticipants: whole(draft.minParticipants),
          },
        },
      });
      setNotice(`Promo code ${result.data?.createPromoCode.promoCode.code ?? ''} created.`);
      setDraft(EMPTY);
    } catch (err) {
      onError(err);
      const p = graphqlProblem(err);
      setFields(p.fields);
      setProblem(p.message ?? 'The promo code could not be created.');
    }
  };
  const togglePaused = async (c: Code) => {
    try {
      await setPaused({ variables: { input: { id: c.id, paused: !c.paused } } });
    } catch (err) {
      onError(err);
      setProblem(problemMessage(err, 'The promo code could not be changed.'));
    }
  };
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`promo-${name}-error`} className="field__error">
        {fields[name]}
      </p>
    ) : null;
  const invalid = (name: string) => (fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': `promo-${name}-error` } : {});

  let list;
  if (!data) {
    list = loading ? (
      <Loading>Loading promo codes...</Loading>
    ) : (
      <Failure>
        <p>The promo codes could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={() => void refetch().catch(onError)}>
          Try again
        </button>
      </Failure>
    );
  } else if (data.adminPromoCodes.length === 0) {
    list = (
      <Empty>
        <p>No promo codes yet.</p>
      </Empty>
    );
  } else {
    list = (
      <div className="admin-table__scroll" role="region" aria-label="Promo codes" tabIndex={0}>
        <table className="admin-table admin-promo-codes stack-table">
          <caption className="visually-hidden">Promo codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Workshops</th>
              <th scope="col">Valid (UTC)</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.adminPromoCodes.map((c) => (
              <tr key={c.id} data-testid={`promo-row-${c.code}`}>
                <td data-label="Code">
                  <strong>{c.code}</strong>
                </td>
                <td data-label="Discount">
                  {discountText(c)}
                  {c.minParticipants > 1 && <span className="muted"> (from {c.minParticipants} participants)</span>}
                </td>
                <td data-label="Workshops">{c.workshopIds.length ? c.workshopIds.map((id) => names.get(id) ?? id).join(', ') : 'All workshops'}</td>
                <td data-label="Valid (UTC)">
                  {dayOf(c.validFrom) ?? 'now'} to {dayOf(c.validUntil, true) ?? 'no end'}
                </td>
                <td data-label="Uses">
                  {c.usesCount}
                  {c.maxUses ? ` of ${c.maxUses}` : ''}
                  {c.maxUsesPerEmail ? <span className="muted"> ({c.maxUsesPerEmail} per email)</span> : null}
                </td>
                <td data-label="Status">
                  {c.paused ? 'Paused' : 'Active'}{' '}
                  <button type="button" className="btn btn--outline btn--small" onClick={() => void togglePaused(c)} aria-label={`${c.paused ? 'Resume' : 'Pause'} ${c.code}`}>
                    {c.paused ? 'Resume' : 'Pause'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="stack admin-promo">
      <form className="card admin-promo__form" onSubmit={(e) => void submit(e)} aria-labelledby="promo-form-heading" noValidate>
        <div className="card__body">
          <h3 id="promo-form-heading">New promo code</h3>
          <div className="form-grid form-grid--2">
            <div className="field">
              <label htmlFor="promo-code">Code *</label>
              <input id="promo-code" className="input" required maxLength={32} autoCapitalize="characters" value={draft.code} onChange={(e) => set('code', e.target.value)} {...invalid('code')} />
              {fieldError('code')}
            </div>
            <div className="field">
              <label htmlFor="promo-kind">Discount</label>
              <select id="promo-kind" className="select" value={draft.kind} onChange={(e) => set('kind', e.target.value as PromoKind)}>
                <option value="percent">Percentage</option>
                <option value="fixed">Fixed amount</option>
              </select>
            </div>
            {draft.kind === 'percent' ? (
              <div className="field">
                <label htmlFor="promo-percent">Percent off *</label>
                <input id="promo-percent" className="input" type="number" min={1} max={90} step={1} value={draft.percentOff} onChange={(e) => set('percentOff', e.target.value)} {...invalid('percentOff')} />
                {fieldError('percentOff')}
              </div>
            ) : (
              <div className="field">
                <label htmlFor="promo-amount">Amount off in dollars *</label>
                <input id="promo-amount" className="input" type="number" min={1} step={0.01} value={draft.amountOff} onChange={(e) => set('amountOff', e.target.value)} {...invalid('amountOffCents')} />
                {fieldError('amountOffCents')}
              </div>
            )}
            <div className="field">
              <label htmlFor="promo-min">Fewest participants</label>
              <input id="promo-min" className="input" type="number" min={1} max={12} step={1} value={draft.minParticipants} onChange={(e) => set('minParticipants', e.target.value)} {...invalid('minParticipants')} />
              {fieldError('minParticipants')}
            </div>
            <div className="field">
              <label htmlFor="promo-from">Valid from (UTC day)</label>
              <input id="promo-from" className="input" type="date" value={draft.validFrom} onChange={(e) => set('validFrom', e.target.value)} {...invalid('validFrom')} />
              {fieldError('validFrom')}
            </div>
            <div className="field">
              <label htmlFor="promo-until">Valid until (UTC day, included)</label>
              <input id="promo-until" className="input" type="date" value={draft.validUntil} onChange={(e) => set('validUntil', e.target.value)} {...invalid('validUntil')} />
              {fieldError('validUntil')}
            </div>
            <div className="field">
              <label htmlFor="promo-max">Uses in total</label>
              <input id="promo-max" className="input" type="number" min={1} step={1} value={draft.maxUses} onChange={(e) => set('maxUses', e.target.value)} {...invalid('maxUses')} />
              {fieldError('maxUses')}
            </div>
            <div className="field">
              <label htmlFor="promo-per-email">Uses per email</label>
              <input id="promo-per-email" className="input" type="number" min={1} step={1} value={draft.maxUsesPerEmail} onChange={(e) => set('maxUsesPerEmail', e.target.value)} {...invalid('maxUsesPerEmail')} />
              {fieldError('maxUsesPerEmail')}
            </div>
          </div>
          <fieldset className="fieldset admin-promo__workshops" {...invalid('workshopIds')}>
            <legend>Workshops (none ticked: every workshop)</legend>
            {workshops.map((w) => (
              <label key={w.id} className="admin-promo__workshop">
                <input
                  type="checkbox"
                  checked={draft.workshopIds.includes(w.id)}
                  onChange={(e) => set('workshopIds', e.target.checked ? [...draft.workshopIds, w.id] : draft.workshopIds.filter((id) => id !== w.id))}
                />{' '}
                {w.name}
              </label>
            ))}
            {fieldError('workshopIds')}
          </fieldset>
          <ProblemAlert problem={problem} />
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={created.loading}>
            {created.loading ? 'Creating...' : 'Create promo code'}
          </button>
        </div>
      </form>
      {list}
    </div>
  );
}
