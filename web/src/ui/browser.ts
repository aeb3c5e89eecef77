/** Leaving the app for another site (the payment page). A module of its own so tests can observe it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
