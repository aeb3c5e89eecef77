/** swc for TypeScript, with the decorators type-graphql and TypeORM need; `tsx` for the mails (React Email). */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        ...(tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.ts$': swc(false),
    '^.+\\.tsx$': swc(true),
    // @react-email/render loads react-dom/server with import(), which Jest's CommonJS runtime
    // refuses without --experimental-vm-modules; compiled by swc it becomes a require().
    '/node_modules/@react-email/render/.+\\.cjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: false } },
    ],
    // content-disposition 3 (@fastify/static) and cookie 2 (light-my-request, Fastify's inject) are
    // ESM only: Node loads them with require(esm), Jest's module system does not, so they are
    // compiled to CommonJS for the tests.
    'node_modules/(content-disposition|cookie)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@react-email/render/|((@fastify/static|light-my-request)/node_modules/)?(content-disposition|cookie)/))'],
  setupFiles: ['<rootDir>/src/test/setup-env.ts'],
  // The migrated MySQL schema, made once per run and copied into each test database (src/test/mysql-template.ts).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  // Each file gets its own databases; MariaDB-backed files are slower, so allow time.
  testTimeout: 30000,
  maxWorkers: 2,
};
