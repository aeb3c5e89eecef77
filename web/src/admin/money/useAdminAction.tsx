import { useState } from 'react';
import { useAction } from '../../forms/useAction';
import { ProblemAlert } from '../../forms/ProblemAlert';
import { useAdminSession } from '../useAdminSession';

/** Runs one admin action of the money panel: its error is shown next to it; a 401 logs out. */
export function useAdminAction(onChanged?: () => void) {
  const { logoutIfUnauthenticated } = useAdminSession();
  const action = useAction({ fallback: 'The action failed.', onFailure: logoutIfUnauthenticated });
  const [done, setDone] = useState<string | null>(null);
  /** True when the action succeeded. */
  const run = (act: () => Promise<unknown>, doneText: string): Promise<boolean> => {
    setDone(null);
    return action.run(async () => {
      await act();
      setDone(doneText);
      onChanged?.();
    });
  };
  return { busy: action.busy, problem: action.problem, done, run };
}

/** What came of an action: the refusal (alert) or what was done (status). */
export function Outcome({ problem, done }: { problem: string | null; done: string | null }) {
  return (
    <>
      <ProblemAlert problem={problem} />
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
    </>
  );
}
