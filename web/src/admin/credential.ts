/**
 * The admin session: after a successful login the Basic credential
 * (base64 of "admin:" + password, UTF-8) is kept in sessionStorage, so it
 * lives as long as the tab and is sent only on admin operations
 * (see apollo/adminAuthLink.ts). Logout or any 401 removes it.
 */
const KEY = 'adminCredential';

export function basicCredential(password: string): string {
  const bytes = new TextEncoder().encode(`admin:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function storeAdminCredential(password: string): void {
  storage()?.setItem(KEY, basicCredential(password));
}

export function readAdminCredential(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

export function clearAdminCredential(): void {
  storage()?.removeItem(KEY);
}
