import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { startRegistration } from '@simplewebauthn/browser';
import { Failure, Loading } from '../ui/States';
import { graphqlProblem, rateLimitMessage } from '../forms/graphqlProblem';
import type { AdminStartTotpMutation } from '../gql/graphql';
import {
  ADMIN_CONFIRM_TOTP_MUTATION,
  ADMIN_END_SESSION_MUTATION,
  ADMIN_NEW_RECOVERY_CODES_MUTATION,
  ADMIN_PASSKEY_REGISTRATION_OPTIONS_MUTATION,
  ADMIN_REGISTER_PASSKEY_MUTATION,
  ADMIN_REMOVE_FACTOR_MUTATION,
  ADMIN_SECURITY_QUERY,
  ADMIN_START_TOTP_MUTATION,
} from './secondFactor.documents';

const dateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : 'never';
const KIND_LABELS: Record<string, string> = {
  passkey: 'Passkey',
  totp: 'Authenticator app',
};
const FACTOR_LABELS: Record<string, string> = { passkey: 'a passkey', totp: 'an authenticator code', recovery: 'a recovery code' };

function failureOf(error: unknown, fallback: string): string {
  const p = graphqlProblem(error);
  return rateLimitMessage(error) ?? Object.values(p.fields)[0] ?? p.message ?? fallback;
}

/**
 * Security (issue 26): the admin's second factors (passkeys, authenticator
 * apps), the recovery codes (shown once) and the open sessions, each of which
 * can be ended. Once a factor is enrolled, the password alone opens nothing.
 */
export function SecurityTab({ onError }: { onError: (error: unknown) => boolean }) {
  const { data, loading, error, refetch } = useQuery(ADMIN_SECURITY_QUERY, {
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
  });
  const admin = { context: { admin: true } } as const;
  const [registrationOptions] = useMutation(ADMIN_PASSKEY_REGISTRATION_OPTIONS_MUTATION, admin);
  const [registerPasskey] = useMutation(ADMIN_REGISTER_PASSKEY_MUTATION, admin);
  const [startTotp] = useMutation(ADMIN_START_TOTP_MUTATION, admin);
  const [confirmTotp] = useMutation(ADMIN_CONFIRM_TOTP_MUTATION, admin);
  const [removeFactor] = useMutation(ADMIN_REMOVE_FACTOR_MUTATION, admin);
  const [newCodes] = useMutation(ADMIN_NEW_RECOVERY_CODES_MUTATION, admin);
  const [endSession] = useMutation(ADMIN_END_SESSION_MUTATION, admin);

  const [passkeyLabel, setPasskeyLabel] = useState('My passkey');
  const [totpLabel, setTotpLabel] = useState('Authenticator app');
  const [enrolment, setEnrolment] = useState<AdminStartTotpMutation['adminStartTotp'] | null>(null);
  const [totpCode, setTotpCode] = useState('');
  const [codes, setCodes] = useState<ReadonlyArray<string> | null>(null);
  const [status, setStatus] = useState<{
    text: string;
    failed: boolean;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<string>, fallback: string) => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ text: await work(), failed: false });
      await refetch();
    } catch (e) {
      if (!onError(e)) setStatus({ text: failureOf(e, fallback), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const addPasskey = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void act(async () => {
      const { data: options } = await registrationOptions();
      const response = await startRegistration({
        optionsJSON: JSON.parse(options!.adminPasskeyRegistrationOptions),
      });
      const { data: result } = await registerPasskey({
        variables: {
          input: { response: JSON.stringify(response), label: passkeyLabel },
        },
      });
      if (result?.adminRegisterPasskey.recoveryCodes) setCodes(result.adminRegisterPasskey.recoveryCodes);
      return 'Passkey added. It is now required to sign in.';
    }, 'The passkey could not be added.');
  };

  const beginTotp = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void act(async () => {
      const { data: started } = await startTotp({
        variables: { input: { label: totpLabel } },
      });
      setEnrolment(started!.adminStartTotp);
      setTotpCode('');
      return 'Scan the QR code with your authenticator app, then type the code it shows.';
    }, 'The authenticator app could not be set up.');
  };

  const finishTotp = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!enrolment) return;
    void act(async () => {
      const { data: result } = await confirmTotp({
        variables: {
          input: { factorId: enrolment.factorId, code: totpCode.trim() },
        },
      });
      if (result?.adminConfirmTotp.recoveryCodes) setCodes(result.adminConfirmTotp.recoveryCodes);
      setEnrolment(null);
      return 'Authenticator app added. It is now required to sign in.';
    }, 'That code was not accepted.');
  };

  if (!data) {
    if (loading) return <Loading>Loading security settings...</Loading>;
    if (error && onError(error)) return null;
    return (
      <Failure>
        <p>The security settings could not be loaded.</p>
      </Failure>
    );
  }
  const { adminSecurity: security, adminSessions: sessions } = data;

  return (
    <div className="stack admin-security">
      <section className="card">
        <div className="card__body stack">
          <h3>Second factor</h3>
          <p>{security.required ? 'Signing in needs the password and one of these.' : 'Only the password protects the admin. Add a passkey or an authenticator app.'}</p>
          {status ? (
            <p role={status.failed ? 'alert' : 'status'} className={status.failed ? 'admin-login__error' : undefined}>
              {status.text}
            </p>
          ) : null}
          {security.factors.length > 0 ? (
            <ul className="admin-security__list">
              {security.factors.map((f) => (
                <li key={f.id}>
                  <span>
                    <strong>{f.label}</strong> ({KIND_LABELS[f.kind] ?? f.kind}
                    ), added {dateTime(f.createdAt)}, last used {dateTime(f.lastUsedAt)}
                  </span>
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    disabled={busy}
                    onClick={() =>
                      void act(
                        async () => (
                          await removeFactor({
                            variables: { input: { id: f.id } },
                          }),
                          `${f.label} removed.`
                        ),
                        'It could not be removed.',
                      )
                    }
                  >
                    Remove <span className="visually-hidden">{f.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <form onSubmit={addPasskey} className="admin-security__form">
            <div className="field">
              <label htmlFor="passkey-label">Passkey name</label>
              <input id="passkey-label" className="input" maxLength={60} required value={passkeyLabel} onChange={(e) => setPasskeyLabel(e.target.value)} />
            </div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Add a passkey
            </button>
          </form>
          {enrolment ? (
            <form onSubmit={finishTotp} className="stack">
              <img src={enrolment.qrCode} width={240} height={240} alt="QR code to scan with your authenticator app" />
              <p>
                Or type this key: <code className="admin-security__secret" data-testid="totp-secret">{enrolment.secret}</code>
              </p>
              <div className="field">
                <label htmlFor="totp-confirm-code">Code from the app</label>
                <input
                  id="totp-confirm-code"
                  className="input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  value={totpCode}
                  onChange={(e) => setTotpCode(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn--primary" disabled={busy}>
                Confirm the authenticator app
              </button>
            </form>
          ) : (
            <form onSubmit={beginTotp} className="admin-security__form">
              <div className="field">
                <label htmlFor="totp-label">Authenticator app name</label>
                <input id="totp-label" className="input" maxLength={60} required value={totpLabel} onChange={(e) => setTotpLabel(e.target.value)} />
              </div>
              <button type="submit" className="btn btn--outline" disabled={busy}>
                Add an authenticator app
              </button>
            </form>
          )}
        </div>
      </section>

      <section className="card">
        <div className="card__body stack">
          <h3>Recovery codes</h3>
          {codes ? (
            <div className="stack" role="status">
              <p>
                <strong>Keep these codes somewhere safe. Each works once, and they are shown only now.</strong>
              </p>
              <ul className="admin-security__codes" data-testid="recovery-codes">
                {codes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>{security.required ? `${security.recoveryCodesLeft} of 10 recovery codes left.` : 'Recovery codes are made when the first factor is added.'}</p>
          {security.required ? (
            <button
              type="button"
              className="btn btn--outline"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const { data: made } = await newCodes();
                  setCodes(made!.adminNewRecoveryCodes.codes);
                  return 'New recovery codes made; the earlier ones no longer work.';
                }, 'New codes could not be made.')
              }
            >
              Make new recovery codes
            </button>
          ) : null}
        </div>
      </section>

      <section className="card">
        <div className="card__body stack">
          <h3>Sessions</h3>
          {sessions.length === 0 ? (
            <p>No session opened with a second factor.</p>
          ) : (
            <ul className="admin-security__list">
              {sessions.map((s) => (
                <li key={s.id}>
                  <span>
                    {s.current ? <strong>This session: </strong> : null}
                    opened {dateTime(s.createdAt)} from {s.ip} with {FACTOR_LABELS[s.factor] ?? s.factor}, last seen {dateTime(s.lastSeenAt)}
                    {s.userAgent ? <small className="admin-security__agent"> {s.userAgent}</small> : null}
                  </span>
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    disabled={busy}
                    onClick={() =>
                      void act(
                        async () => (
                          await endSession({
                            variables: { input: { id: s.id } },
                          }),
                          'Session ended.'
                        ),
                        'The session could not be ended.',
                      )
                    }
                  >
                    End <span className="visually-hidden">session opened {dateTime(s.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
