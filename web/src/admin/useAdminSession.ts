import { useCallback } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { ADMIN_LOGOUT_MUTATION } from './secondFactor.documents';
import { useNavigate } from 'react-router-dom';
import { clearAdminCredential } from './credential';
import { isUnauthenticated } from '../forms/graphqlProblem';

/**
 * Leaving the admin session (spec section 4): logout, or any 401, removes the
 * stored credential, drops admin data from the cache and returns to /admin.
 */
export function useAdminSession() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [endSession] = useMutation(ADMIN_LOGOUT_MUTATION);

  const logout = useCallback(() => {
    // The second factor's session (an HttpOnly cookie) is ended on the server: it is refused everywhere from now on.
    endSession().catch(() => undefined);
    clearAdminCredential();
    navigate('/admin', { replace: true });
    // Participant details must not outlive the session in memory.
    void client.clearStore();
  }, [client, navigate, endSession]);

  /** Logs out on a 401 and says so (true); other errors are the caller's. */
  const logoutIfUnauthenticated = useCallback(
    (error: unknown): boolean => {
      if (!isUnauthenticated(error)) return false;
      logout();
      return true;
    },
    [logout],
  );

  return { logout, logoutIfUnauthenticated };
}
