import { useState } from 'react';
import { problemMessage } from './graphqlProblem';

/** What an action returns when the browser is leaving for another page: the button stays busy. */
export const LEAVING = 'leaving';

/** An onFailure that logs the failure (a console warning naming the action) and lets it be shown. */
export const logged =
  (what: string) =>
  (error: unknown): boolean => {
    console.warn(what, error);
    return false;
  };

export interface UseActionOptions {
  /** The message of a failure the server did not explain. */
  fallback: string;
  /** A failure handled elsewhere (an admin's 401 logs out; a log line): true stops here. */
  onFailure?: (error: unknown) => boolean;
}

/**
 * A button's action that has no fields to fill (pay now, cancel, transfer, the credit
 * choice, the admin's money actions): one at a time, busy while it runs, and the
 * server's refusal read through graphqlProblem as one message (docs/decisions/070).
 * `run` resolves true when the action succeeded.
 */
export function useAction({ fallback, onFailure }: UseActionOptions) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      if ((await action()) === LEAVING) return true;
    } catch (e) {
      if (!onFailure?.(e)) setProblem(problemMessage(e, fallback));
      setBusy(false);
      return false;
    }
    setBusy(false);
    return true;
  };
  return { busy, problem, setProblem, run };
}
