import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The manage link's token lives in the address's fragment (`/manage/{id}#token`), which
 * browsers never send to a server, a proxy or a Referer header. It is kept for this tab
 * (sessionStorage) so the page still opens when the payment page sends the visitor back
 * without it.
 */
const tokenKey = (bookingId: string) => `manage-token:${bookingId}`;
/** The checkout session of a "pay now" in progress, to confirm it on return. */
export const sessionKey = (bookingId: string) => `manage-session:${bookingId}`;

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the token in the address still works.
  }
}

export function useManageToken(bookingId: string): string | null {
  const { hash } = useLocation();
  let fromHash = '';
  try {
    fromHash = decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    fromHash = '';
  }
  useEffect(() => {
    if (fromHash) writeSession(tokenKey(bookingId), fromHash);
  }, [bookingId, fromHash]);
  return fromHash || readSession(tokenKey(bookingId));
}
