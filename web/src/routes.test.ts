import { matchPage, createRoutes, ROUTE_MANIFEST } from './routes';

describe('the route manifest (routes.json)', () => {
  it('has the 18 routes of the spec, the manage page (issue 14), the waiting-list confirmation (issue 21), the traveller’s tasks page (issue 25), the review link (issue 26) and the catch-all, each sample reaching its own route', () => {
    expect(ROUTE_MANIFEST.filter((r) => r.path !== '*')).toHaveLength(25);
    const routes = createRoutes();
    for (const r of ROUTE_MANIFEST) {
      for (const sample of r.samples) expect(matchPage(routes, sample.split('?')[0])?.path).toBe(r.path);
    }
  });

  it('renders on the server only public routes, and none of the personal ones', () => {
    const ssr = ROUTE_MANIFEST.filter((r) => r.ssr).map((r) => r.path);
    expect(ROUTE_MANIFEST.filter((r) => r.ssr && !r.public)).toEqual([]);
    expect(ssr).toEqual(expect.arrayContaining(['/booking/:id', '/workshop/:id/community']));
    for (const personal of ['/confirmation/:bookingId', '/manage/:bookingId', '/waitlist/confirm/:entryId', '/trip/:travellerId', '/review/:bookingId', '/payment-success', '/admin', '/admin/dashboard']) expect(ssr).not.toContain(personal);
  });
});
