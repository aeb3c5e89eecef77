import { useState } from 'react';
import { problemMessage } from '../../forms/graphqlProblem';
import { useAdminSession } from '../useAdminSession';

/** Runs one admin action of the money panel: its error is shown next to it; a 401 logs out. */
export function useAdminAction(onChanged?: () => void) {
  const { logoutIfUnauthenticated } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** True when the action succeeded. */
  const run = async (action: () => Promise<unknown>, doneText: string): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await action();
      setDone(doneText);
      onChanged?.();
      return true;
    } catch (e) {
      if (!logoutIfUnauthenticated(e)) setProblem(problemMessage(e, 'The action failed.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, done, run };
}

/** What came of an action: the refusal (alert) or what was done (status). */
export function Outcome({ problem, done }: { problem: string | null; done: string | null }) {
  return (
    <>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
    </>
  );
}
