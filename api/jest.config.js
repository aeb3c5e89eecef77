/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // content-disposition 3 (@fastify/static) and cookie 2 (light-my-request, Fastify's inject) are
    // ESM only: Node loads them with require(esm), Jest's module system does not, so they are
    // compiled to CommonJS for the tests.
    'node_modules/(content-disposition|cookie)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!((@fastify/static|light-my-request)/node_modules/)?(content-disposition|cookie)/)'],
  setupFiles: ['<rootDir>/src/test/setup-env.ts'],
  // Each file gets its own databases; MariaDB-backed files are slower, so allow time.
  testTimeout: 30000,
  maxWorkers: 2,
};
