import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/*
 * The import direction, enforced here and not only by tsc (docs/decisions.md, "Import direction"):
 * service -> platform -> domain; in the frontend, app -> feature -> shared, and no feature imports
 * another (what two features share lives in frontend/src/shared). Core `no-restricted-imports`
 * matches the import's text, so the frontend's relative paths are matched by how far they climb:
 * a file nested `depth` folders inside its feature reaches the features/ folder with depth + 1 `../`.
 */
const SERVICES = ['command-api', 'query-api', 'projectors', 'notifier', 'ats-engine'];
const restricted = (...patterns) => ['error', { patterns }];
const SERVICE_PACKAGES = { regex: `^@placement/(${SERVICES.join('|')})(/|$)`, message: 'Services are the top layer: nothing imports a service.' };
const serviceFolders = (except) => ({
  regex: `^(\\.\\./)+(${SERVICES.filter((name) => name !== except).join('|')}|frontend)/`,
  message: 'A service imports platform and domain only, never another service or the frontend.',
});
const climb = (times) => '\\.\\./'.repeat(times);
const frontendBackend = { regex: `^@placement/(platform|${SERVICES.join('|')})(/|$)`, message: 'The frontend imports @placement/domain only (type-only for reply schemas).' };
const featureDepths = [0, 1, 2, 3].map((depth) => ({
  files: [`frontend/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': restricted(
      { regex: `^${climb(depth + 1)}(?!\\.\\./)`, message: 'A feature does not import another feature: move what they share to frontend/src/shared.' },
      { regex: `^${climb(depth + 2)}features/`, message: 'A feature does not import another feature: move what they share to frontend/src/shared.' },
      frontendBackend,
    ),
  },
}));
const sharedDepths = [0, 1, 2].map((depth) => ({
  files: [`frontend/src/shared/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': restricted({ regex: `^${climb(depth + 1)}(features|app)(/|$)`, message: 'frontend/src/shared is the bottom layer of the frontend: it imports neither features nor app.' }, frontendBackend),
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.local/**', 'coverage/**', 'frontend/dist/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        { regex: '^@placement/platform(/|$)', message: 'domain is the bottom layer: it imports neither platform nor a service.' },
        { regex: `^(\\.\\./)+(platform|${SERVICES.join('|')}|frontend)/`, message: 'domain is the bottom layer: it imports neither platform nor a service.' },
        SERVICE_PACKAGES,
      ),
    },
  },
  {
    files: ['platform/**/*.ts'],
    rules: { 'no-restricted-imports': restricted(SERVICE_PACKAGES, serviceFolders(null)) },
  },
  ...SERVICES.map((service) => ({
    files: [`${service}/**/*.ts`],
    // Test support may start other services (a query test needs the command side to write).
    ignores: ['**/*.test.ts', '**/test-support.ts', '**/test-support/**', '**/*test-fixtures.ts'],
    rules: { 'no-restricted-imports': restricted(SERVICE_PACKAGES, serviceFolders(service)) },
  })),
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted(frontendBackend) },
  },
  ...featureDepths,
  ...sharedDepths,
);
