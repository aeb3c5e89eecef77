import { SetContextLink } from '@apollo/client/link/context';
import { readAdminCredential } from '../admin/credential';

declare module '@apollo/client' {
  interface DefaultContext {
    /** Set on admin operations: adminAuthLink adds the stored Basic credential to them. */
    admin?: boolean;
  }
}

/**
 * Adds `Authorization: Basic <stored credential>` to operations run with
 * `context: { admin: true }`. Public operations never carry the credential.
 */
export const adminAuthLink = new SetContextLink((prev) => {
  if (!prev.admin) return {};
  const credential = readAdminCredential();
  if (!credential) return {};
  return { headers: { ...prev.headers, authorization: `Basic ${credential}` } };
});
