/** @type {import('jest').Config} */
module.exports = {
  // jsdom plus Node's fetch API globals (Request, Response, TextEncoder...) that react-router needs.
  testEnvironment: 'jest-fixed-jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/src/test/style-stub.cjs',
    '\\.(svg|png|jpg|jpeg|webp|avif)$': '<rootDir>/src/test/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  maxWorkers: 2,
  // Form tests type a lot; a loaded CI machine must not turn them into timeouts.
  testTimeout: 20000,
};
