import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { graphqlProblem, type GraphqlProblem } from './graphqlProblem';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface UseFormOptions<V, F extends string> {
  initial: V | (() => V);
  /** The browser's checks before anything is sent; the first field named is focused. */
  validate?: (values: V) => FieldErrors<F>;
  /** Send the form. A throw is the server's refusal (or a network failure). */
  onSubmit: (values: V) => Promise<void>;
  /** A failure someone else handles (an admin's 401 logs out, a page shows an alert): true stops here. */
  onFailure?: (error: unknown) => boolean;
  /** The message of a failure the server did not explain. */
  fallback: string;
  /**
   * The form-wide message of a refusal; null: the fallback. Unset: "Please correct the
   * N fields marked below." when the server named fields, else the server's message.
   */
  problemText?: (problem: GraphqlProblem) => string | null;
}

export interface Form<V, F extends string> {
  values: V;
  setValues: (update: (values: V) => V) => void;
  /** An input's change handler: the value stored, the field's error cleared. */
  set: (name: keyof V & string) => (e: { target: { value: string } }) => void;
  errors: FieldErrors<F>;
  /** The form-wide message (role=alert), focused when it appears. */
  problem: string;
  busy: boolean;
  /** The ref of a field's control, so the first invalid one can be focused. */
  fieldRef: (name: F) => (el: HTMLElement | null) => void;
  /** The ref of the form-wide message. */
  problemRef: React.RefObject<HTMLDivElement | null>;
  /** The form's onSubmit: validate, send once at a time, show the server's field errors and message. */
  handleSubmit: (e: FormEvent) => void;
  /**
   * Send something on the form's behalf outside a submit (a request sent again once a
   * check is solved): one at a time with the submits, its refusal shown as a submit's.
   */
  run: (send: () => Promise<void>) => void;
}

/**
 * The form machinery every form uses (docs/decisions/070): values and their
 * change handlers, the browser's checks with the first invalid field focused,
 * one submit at a time, and the server's refusal read through graphqlProblem:
 * the fields it names get their messages, the rest becomes the form's message
 * ("Please correct the 2 fields marked below." when fields were named).
 */
export function useForm<V, F extends string = keyof V & string>(options: UseFormOptions<V, F>): Form<V, F> {
  const [values, setValuesState] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const fields = useRef(new Map<F, HTMLElement | null>());
  const problemRef = useRef<HTMLDivElement | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const setValues = useCallback((update: (values: V) => V) => setValuesState(update), []);
  const set = useCallback(
    (name: keyof V & string) => (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValuesState((v) => ({ ...v, [name]: value }));
      setErrors((errs) => {
        if (!(name in errs)) return errs;
        const { [name as unknown as F]: _fixed, ...rest } = errs;
        return rest as FieldErrors<F>;
      });
    },
    [],
  );
  const fieldRef = useCallback((name: F) => (el: HTMLElement | null) => void fields.current.set(name, el), []);

  const run = (send: () => Promise<void>) => {
    if (busyRef.current) return;
    const { onFailure, fallback, problemText } = latest.current;
    setProblem('');
    busyRef.current = true;
    setBusy(true);
    send().then(
      () => {
        busyRef.current = false;
        setBusy(false);
      },
      (error: unknown) => {
        busyRef.current = false;
        setBusy(false);
        if (onFailure?.(error)) return;
        const p = graphqlProblem(error);
        const named = Object.keys(p.fields).length;
        setErrors(p.fields as FieldErrors<F>);
        const text = problemText ? problemText(p) : named ? `Please correct the ${named === 1 ? 'field' : `${named} fields`} marked below.` : p.message;
        setProblem(text ?? fallback);
      },
    );
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busyRef.current) return;
    const { validate, onSubmit } = latest.current;
    const found: FieldErrors<F> = validate?.(values) ?? {};
    const bad = [...fields.current.keys()].find((f) => found[f]) ?? (Object.keys(found)[0] as F | undefined);
    setErrors(found);
    if (bad) {
      // The form-wide message spoke of the last attempt; this one stops at the fields.
      setProblem('');
      fields.current.get(bad)?.focus();
      return;
    }
    run(() => onSubmit(values));
  };

  return { values, setValues, set, errors, problem, busy, fieldRef, problemRef, handleSubmit, run };
}
