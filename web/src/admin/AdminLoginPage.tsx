import { useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type { AdminLoginMutation, AdminLoginMutationVariables } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { storeAdminCredential } from './credential';
import { rateLimitMessage } from '../forms/graphqlProblem';
import '../styles/admin.css';

export const ADMIN_LOGIN_MUTATION: TypedDocumentNode<AdminLoginMutation, AdminLoginMutationVariables> = gql`
  mutation AdminLogin($input: AdminLoginInput!) {
    adminLogin(input: $input) {
      success
    }
  }
`;

/** /admin: the admin's password; success keeps the credential for this tab and opens the dashboard. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [login, { loading }] = useMutation(ADMIN_LOGIN_MUTATION);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) return;
    setFailure(null);
    try {
      const { data } = await login({ variables: { input: { password } } });
      if (!data?.adminLogin.success) throw new Error('login refused');
      storeAdminCredential(password);
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
        </div>
      </div>
    </div>
  );
}
