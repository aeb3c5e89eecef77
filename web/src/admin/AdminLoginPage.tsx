import { useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type { AdminLoginMutation, AdminLoginMutationVariables } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { clearAdminCredential, storeAdminCredential } from './credential';
import { SecondFactorStep } from './SecondFactorStep';
import { rateLimitMessage } from '../forms/graphqlProblem';
import '../styles/admin.css';

export const ADMIN_LOGIN_MUTATION: TypedDocumentNode<AdminLoginMutation, AdminLoginMutationVariables> = gql`
  mutation AdminLogin($input: AdminLoginInput!) {
    adminLogin(input: $input) {
      success
      secondFactorRequired
      secondFactorMethods
    }
  }
`;

/**
 * /admin: the admin's password; success keeps the credential for this tab and
 * opens the dashboard, or, once a second factor is enrolled, asks for it first
 * (issue 26: the password alone then opens nothing).
 */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<ReadonlyArray<string> | null>(null);
  const [login, { loading }] = useMutation(ADMIN_LOGIN_MUTATION);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) return;
    setFailure(null);
    try {
      const { data } = await login({ variables: { input: { password } } });
      if (!data?.adminLogin.success) throw new Error('login refused');
      // Kept before the second step: its calls carry the Basic header like every admin call.
      storeAdminCredential(password);
      if (data.adminLogin.secondFactorRequired) {
        setSecondFactor(data.adminLogin.secondFactorMethods);
        return;
      }
      navigate('/admin/dashboard');
    } catch (error) {
      // Spec section 8: a failed login reads 'Invalid password'; throttling says how long to wait.
      setFailure(rateLimitMessage(error) ?? 'Invalid password');
    }
  };

  return (
    <div className="container section admin-login">
      <PageMeta title="Admin" />
      <div className="card admin-login__card">
        <div className="card__body stack">
          <h1>Admin Login</h1>
          {secondFactor ? (
            <SecondFactorStep
              methods={secondFactor}
              onDone={() => navigate('/admin/dashboard')}
              onCancel={() => {
                clearAdminCredential();
                setSecondFactor(null);
                setPassword('');
              }}
            />
          ) : (
            <form onSubmit={submit} className="stack">
              <div className="field">
                <label htmlFor="admin-password">Password</label>
                <input
                  id="admin-password"
                  className="input"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={failure ? true : undefined}
                  aria-describedby={failure ? 'admin-login-error' : undefined}
                />
              </div>
              {failure ? (
                <p id="admin-login-error" className="admin-login__error" role="alert">
                  {failure}
                </p>
              ) : null}
              <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
                {loading ? 'Signing in...' : 'Login'}
              </button>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
