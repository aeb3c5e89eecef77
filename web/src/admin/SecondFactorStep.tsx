import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { graphqlProblem, rateLimitMessage } from '../forms/graphqlProblem';
import { ADMIN_PASSKEY_LOGIN_OPTIONS_MUTATION, ADMIN_VERIFY_PASSKEY_MUTATION, ADMIN_VERIFY_RECOVERY_CODE_MUTATION, ADMIN_VERIFY_TOTP_MUTATION } from './secondFactor.documents';

type Method = 'passkey' | 'totp' | 'recovery';

/** Why a step failed, in words for the admin: throttled, the server's message, or the fallback. */
function failureOf(error: unknown, fallback: string): string {
  const p = graphqlProblem(error);
  // A malformed code names the field; a refused one says which factor ("Invalid authenticator code").
  return rateLimitMessage(error) ?? (p.code === 'BAD_USER_INPUT' ? p.fields.code : undefined) ?? p.message ?? fallback;
}

/**
 * The sign-in's second step (issue 26): after the right password, a passkey,
 * a code from the authenticator app or a recovery code. Each opens a session
 * the server keeps in an HttpOnly cookie; then the dashboard opens.
 */
export function SecondFactorStep({ methods, onDone, onCancel }: { methods: ReadonlyArray<string>; onDone: () => void; onCancel: () => void }) {
  const has = (m: Method) => methods.includes(m);
  const [mode, setMode] = useState<'totp' | 'recovery'>(has('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const admin = { context: { admin: true } } as const;
  const [passkeyOptions] = useMutation(ADMIN_PASSKEY_LOGIN_OPTIONS_MUTATION, admin);
  const [verifyPasskey] = useMutation(ADMIN_VERIFY_PASSKEY_MUTATION, admin);
  const [verifyTotp] = useMutation(ADMIN_VERIFY_TOTP_MUTATION, admin);
  const [verifyRecovery] = useMutation(ADMIN_VERIFY_RECOVERY_CODE_MUTATION, admin);

  const run = async (work: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onDone();
    } catch (error) {
      setFailure(failureOf(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const signInWithPasskey = () =>
    run(async () => {
      const { data } = await passkeyOptions();
      const response = await startAuthentication({
        optionsJSON: JSON.parse(data!.adminPasskeyLoginOptions),
      });
      await verifyPasskey({
        variables: { input: { response: JSON.stringify(response) } },
      });
    }, 'The passkey was not accepted. Try again or use another way.');

  const submitCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    void run(
      () => (mode === 'totp' ? verifyTotp({ variables: { input: { code: typed } } }) : verifyRecovery({ variables: { input: { code: typed } } })),
      mode === 'totp' ? 'Invalid authenticator code' : 'Invalid recovery code',
    );
  };

  return (
    <div className="stack admin-2fa">
      <h2>Second step</h2>
      <p>Your password is right. Confirm it is you with your passkey, a code from your authenticator app or a recovery code.</p>
      {has('passkey') ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => void signInWithPasskey()} disabled={busy}>
          Use your passkey
        </button>
      ) : null}
      <form onSubmit={submitCode} className="stack" noValidate>
        <div className="field">
          <label htmlFor="admin-2fa-code">{mode === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}</label>
          <input
            id="admin-2fa-code"
            className="input"
            name="code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={mode === 'totp' ? 6 : 40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'admin-2fa-error' : undefined}
          />
        </div>
        {failure ? (
          <p id="admin-2fa-error" className="admin-login__error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className={`btn ${has('passkey') ? 'btn--outline' : 'btn--primary'} btn--block`} disabled={busy}>
          {busy ? 'Checking...' : 'Continue'}
        </button>
      </form>
      <div className="admin-2fa__links">
        {mode === 'totp' && has('recovery') ? (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              setMode('recovery');
              setCode('');
              setFailure(null);
            }}
          >
            Use a recovery code instead
          </button>
        ) : null}
        {mode === 'recovery' && has('totp') ? (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              setMode('totp');
              setCode('');
              setFailure(null);
            }}
          >
            Use your authenticator app instead
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
          Back to the password
        </button>
      </div>
    </div>
  );
}
