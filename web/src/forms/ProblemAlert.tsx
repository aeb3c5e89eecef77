/** A refused action's message (role=alert), or nothing. */
export function ProblemAlert({ problem, id }: { problem: string | null; id?: string }) {
  if (!problem) return null;
  return (
    <p id={id} className="notice notice--error" role="alert">
      {problem}
    </p>
  );
}
