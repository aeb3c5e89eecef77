import type { ReactNode } from 'react';

/** The loading, empty and failure states every data-loading screen renders. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="state" role="status" aria-live="polite">
      {children}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state">{children}</div>;
}

export function Failure({ children }: { children: ReactNode }) {
  return (
    <div className="state state--error" role="alert">
      {children}
    </div>
  );
}
