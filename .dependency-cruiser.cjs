/**
 * The layers of api/src (docs/architecture.md), enforced in `npm run lint`:
 *
 *   main.ts, composition-root.ts, entities.ts, cli/   – build and start everything
 *   transport/   – HTTP server, REST routes, GraphQL wiring and resolvers, page rendering
 *   <domains>    – departure, workshop booking, payment, money, credit, waitlist, workshop-cancellation, community, admin,
 *                  testimonial, content, mail, audit, photo
 *   shared/      – isomorphic policy, money and format modules (the web imports them too)
 *   infrastructure/ – config, database, logging, errors, validation
 *
 * Arrows point down only. Tests and test support may import anything.
 */
/** Every domain folder (api/src/system-tests/layers.test.ts fails when a folder of api/src is in no layer). */
const DOMAIN_NAMES = ['workshop', 'booking', 'payment', 'money', 'credit', 'waitlist', 'workshop-cancellation', 'community', 'admin', 'testimonial', 'content', 'mail', 'audit', 'photo', 'departure', 'traveller', 'gift-card', 'privacy', 'promo', 'recovery'];
const DOMAINS = `(${DOMAIN_NAMES.join('|')})`;
const domainsBut = (...names) => `(${DOMAIN_NAMES.filter((n) => !names.includes(n)).join('|')})`;
const SRC = '^api/src/';
const NOT_TEST = '(\\.test\\.ts$|^api/src/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'infrastructure-is-the-bottom',
      comment: 'infrastructure/ knows no domain, no transport and not the composition root.',
      severity: 'error',
      from: { path: `${SRC}infrastructure/`, pathNot: NOT_TEST },
      to: { path: `${SRC}(?!infrastructure/|shared/)[^/]+` },
    },
    {
      name: 'shared-is-isomorphic',
      comment: 'shared/ runs in the browser too: it imports only shared/.',
      severity: 'error',
      from: { path: `${SRC}shared/`, pathNot: NOT_TEST },
      to: { path: `${SRC}(?!shared/)` },
    },
    {
      name: 'domains-do-not-reach-up',
      comment: 'A domain never imports transport, the composition root, entities.ts, main or the CLIs.',
      severity: 'error',
      from: { path: `${SRC}${DOMAINS}/`, pathNot: NOT_TEST },
      to: { path: `${SRC}(transport/|cli/|composition-root|main|entities)` },
    },
    {
      name: 'mail-is-generic',
      comment: 'mail/ enqueues, claims, sends and retries any mail: which mail a domain sends lives with that domain.',
      severity: 'error',
      from: { path: `${SRC}mail/`, pathNot: NOT_TEST },
      to: { path: `${SRC}${domainsBut('mail', 'audit')}/` },
    },
    {
      name: 'audit-is-generic',
      comment: 'audit/ records what any domain hands it (docs/decisions/060): it imports no other domain, so every domain can use it.',
      severity: 'error',
      from: { path: `${SRC}audit/`, pathNot: NOT_TEST },
      to: { path: `${SRC}${domainsBut('audit')}/` },
    },
    {
      name: 'transport-is-not-imported-from-below',
      comment: 'Only main.ts, the CLIs and tests use the transport layer.',
      severity: 'error',
      from: { path: SRC, pathNot: `(${NOT_TEST}|^api/src/(main|cli/|transport/))` },
      to: { path: `${SRC}transport/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: SRC, pathNot: NOT_TEST },
      to: { circular: true, viaOnly: { pathNot: NOT_TEST } },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    
    tsPreCompilationDeps: true,
    // Resolve packages' "exports" as Node's require() does (altcha-lib has no top-level main for it).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default'] },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};
