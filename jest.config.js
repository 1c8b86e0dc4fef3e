// One jest run over every workspace. TypeScript is compiled by swc (type checking is `npm run typecheck`).
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2023', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@placement/(domain|platform)$': '<rootDir>/../$1/src/index.ts',
  '^@placement/(domain|platform)/test-support$': '<rootDir>/../$1/src/test-support.ts',
  '^@placement/platform/uploads/zip$': '<rootDir>/../platform/src/uploads/zip.ts',
};
// Every test file gets a JWT secret made for this run (no secret in the repository is ever live).
const setupFiles = [`${__dirname}/tests/support/jest-setup.ts`];

const nodeProject = (name, testMatch = ['<rootDir>/src/**/*.test.ts']) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testMatch,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper,
  setupFiles,
  testEnvironment: 'node',
  testTimeout: 30_000,
});

// Tests talk to real servers on a small shared machine: generous timeouts, never assertions on time.
module.exports = {
  rootDir: __dirname,
  testTimeout: 30_000,
  projects: [
    ...['domain', 'platform', 'command-api', 'query-api', 'projectors', 'notifier', 'ats-engine'].map((name) =>
      nodeProject(name),
    ),
    {
      displayName: 'frontend',
      rootDir: '<rootDir>/frontend',
      testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': swc },
      moduleNameMapper: { ...moduleNameMapper, '\\.(css|svg|png|jpg|webp)$': '<rootDir>/src/test/fileStub.cjs' },
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
    },
    nodeProject('infra', ['<rootDir>/**/*.test.ts']),
    nodeProject('tests', ['<rootDir>/**/*.test.ts']),
  ],
};
