import { useEffect, useRef } from 'react';

/** Focus an element once it is shown (a result, a confirm step), so keyboard and screen-reader users land on it. */
export function useFocusWhen<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
