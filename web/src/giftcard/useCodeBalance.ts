import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphqlProblem } from '../forms/graphqlProblem';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CodeBalanceInput, CodeBalanceMutation, CodeBalanceMutationVariables } from '../gql/graphql';

/**
 * The one code box (a gift card or a credit, docs/decisions/095): the code's
 * balance and, with the booking form's choices, the server's figures of what it
 * pays and what is left to pay now. A mutation: the code is a secret.
 */
export const CODE_BALANCE_MUTATION: TypedDocumentNode<CodeBalanceMutation, CodeBalanceMutationVariables> = gql`
  mutation CodeBalance($input: CodeBalanceInput!) {
    codeBalance(input: $input) {
      code
      kind
      balanceCents
      expiresAt
      usable
      totalCents
      dueNowCents
      coversCents
      leftToPayNowCents
      balanceAfterCents
    }
  }
`;

/** What the server said of a typed code: its balance (and, on the booking form, what it pays), or why it was refused. */
export type CodeBalanceState =
  | { state: 'checking' }
  | {
      state: 'found';
      code: string;
      kind: string;
      balanceCents: number;
      expiresAt: string;
      usable: boolean;
      /** With the booking form's choices (the server's figures, in cents); null otherwise. */
      coversCents: number | null;
      leftToPayNowCents: number | null;
      balanceAfterCents: number | null;
      dueNowCents: number | null;
    }
  | { state: 'refused'; message: string }
  | null;

/** What the pages say of a code the server does not know (or that is spent, void or expired): it names the field. */
export const UNUSABLE_CODE_TEXT = 'This credit or gift card code is not valid, or has no balance left.';

/** Whether the text is a whole code (a gift card's GC + 16 symbols, a credit's WL + 12 or 8): only those are looked up. */
export function looksLikeCode(typed: string): boolean {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  return /^GC[2-9A-Z]{16}$/.test(s) || /^WL([2-9A-Z]{8}|[2-9A-Z]{12})$/.test(s);
}

/** The booking form's choices the server prices the code against (CodeBalanceInput without the code). */
export type CodeChoices = Omit<CodeBalanceInput, 'code'>;

/**
 * The balance of the code being typed, looked up a moment after the typing
 * stops (debounced: the lookups count against the per-client secret-check
 * limit) and only once it is a whole code. An answer for a code or choices no
 * longer shown is dropped.
 */
export function useCodeBalance(typed: string, choices: CodeChoices | null = null, delayMs = 400): CodeBalanceState {
  const [lookup] = useMutation(CODE_BALANCE_MUTATION);
  const [state, setState] = useState<CodeBalanceState>(null);
  const latest = useRef(0);
  const key = JSON.stringify([typed.trim(), choices]);
  useEffect(() => {
    const run = ++latest.current;
    const code = typed.trim();
    if (!looksLikeCode(code)) {
      setState(null);
      return;
    }
    setState({ state: 'checking' });
    const timer = setTimeout(() => {
      lookup({ variables: { input: { ...(choices ?? {}), code } } })
        .then((r) => {
          const b = r.data?.codeBalance;
          if (run !== latest.current || !b) return;
          setState({
            state: 'found',
            code: b.code,
            kind: b.kind,
            balanceCents: b.balanceCents,
            expiresAt: String(b.expiresAt),
            usable: b.usable,
            coversCents: b.coversCents ?? null,
            leftToPayNowCents: b.leftToPayNowCents ?? null,
            balanceAfterCents: b.balanceAfterCents ?? null,
            dueNowCents: b.dueNowCents ?? null,
          });
        })
        .catch((e: unknown) => {
          if (run !== latest.current) return;
          const p = graphqlProblem(e);
          // The server's one answer for an unknown or unusable code names `code`; anything else (the limit) is said as it is.
          setState({ state: 'refused', message: p.fields.code ? UNUSABLE_CODE_TEXT : (p.message ?? 'This code could not be checked. Please try again.') });
        });
    }, delayMs);
    return () => clearTimeout(timer);
    // The key stands for the typed code and the choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs, lookup]);
  return state;
}

/** "WL-7KQ3-M9XD: $1,000 left, valid until January 15, 2031." (or why it cannot be used) */
export function balanceText(b: Extract<CodeBalanceState, { state: 'found' }>, money: (cents: number) => string, date: (iso: string) => string): string {
  const what = b.kind === 'credit' ? 'Credit' : 'Gift card';
  if (!b.usable) return UNUSABLE_CODE_TEXT;
  return `${what} ${b.code}: ${money(b.balanceCents)} left, valid until ${date(b.expiresAt.slice(0, 10))}.`;
}
