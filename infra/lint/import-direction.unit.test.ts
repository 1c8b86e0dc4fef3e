import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../local/paths';

/**
 * The import direction is ESLint's to enforce (eslint.config.mjs, docs/decisions.md): service ->
 * platform -> domain; in the frontend, feature -> shared and never feature -> feature. Each fixture
 * is linted as if it were a file at that path (nothing is written), by the repository's own config.
 */
interface Fixture {
  filePath: string;
  code: string;
}

/** The `no-restricted-imports` messages ESLint gives each fixture, in order. */
function lintFixtures(fixtures: readonly Fixture[]): string[][] {
  const driver = `
    import { ESLint } from 'eslint';
    const fixtures = JSON.parse(await new Response(process.stdin).text());
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const { filePath, code } of fixtures) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  const result = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'node'), ['--input-type=module', '-e', driver], {
    cwd: REPO_ROOT,
    input: JSON.stringify(fixtures),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`eslint driver failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[][];
}

const FEATURE_TO_FEATURE = 'A feature does not import another feature: move what they share to frontend/src/shared.';

const CASES: { name: string; fixture: Fixture; refused: string[] }[] = [
  {
    name: 'a feature importing another feature (climbing to features/)',
    fixture: { filePath: 'frontend/src/features/jobs/components/Fixture.tsx', code: "import { ProfileForm } from '../../profile/components/ProfileForm';\nexport const x = ProfileForm;\n" },
    refused: [`'../../profile/components/ProfileForm' import is restricted from being used by a pattern. ${FEATURE_TO_FEATURE}`],
  },
  {
    name: "a feature importing another feature's CSS (through src/features)",
    fixture: { filePath: 'frontend/src/features/dashboard/fixture.ts', code: "import '../../features/jobs/jobs.css';\n" },
    refused: [`'../../features/jobs/jobs.css' import is restricted from being used by a pattern. ${FEATURE_TO_FEATURE}`],
  },
  {
    name: 'shared importing a feature',
    fixture: { filePath: 'frontend/src/shared/components/Fixture.tsx', code: "import { selectJobListings } from '../../features/jobs/jobListingsSlice';\nexport const x = selectJobListings;\n" },
    refused: ["'../../features/jobs/jobListingsSlice' import is restricted from being used by a pattern. frontend/src/shared is the bottom layer of the frontend: it imports neither features nor app."],
  },
  {
    name: 'domain importing platform',
    fixture: { filePath: 'domain/src/jobs/fixture.ts', code: "import { createLogger } from '@placement/platform';\nexport const x = createLogger;\n" },
    refused: ["'@placement/platform' import is restricted from being used by a pattern. domain is the bottom layer: it imports neither platform nor a service."],
  },
  {
    name: 'platform importing a service',
    fixture: { filePath: 'platform/src/http/fixture.ts', code: "import { buildApp } from '../../../command-api/src/app';\nexport const x = buildApp;\n" },
    refused: ["'../../../command-api/src/app' import is restricted from being used by a pattern. A service imports platform and domain only, never another service or the frontend."],
  },
  {
    name: 'a service importing another service',
    fixture: { filePath: 'notifier/src/fixture.ts', code: "import { jobsProjection } from '../../projectors/src/projections/jobs';\nexport const x = jobsProjection;\n" },
    refused: ["'../../projectors/src/projections/jobs' import is restricted from being used by a pattern. A service imports platform and domain only, never another service or the frontend."],
  },
  {
    name: 'the allowed directions: feature -> shared, app and its own folders; service -> platform -> domain',
    fixture: {
      filePath: 'frontend/src/features/admin/users/Fixture.tsx',
      code: "import { http } from '../../../shared/api/http';\nimport { useAppSelector } from '../../../app/hooks';\nimport { auditHref } from '../audit/format';\nimport type { Role } from '@placement/domain';\nexport const x = [http, useAppSelector, auditHref] as const;\nexport type R = Role;\n",
    },
    refused: [],
  },
  {
    name: 'a service importing platform and domain',
    fixture: { filePath: 'query-api/src/fixture.ts', code: "import { createLogger } from '@placement/platform';\nimport { LIMITS } from '@placement/domain';\nexport const x = [createLogger, LIMITS];\n" },
    refused: [],
  },
];

describe('ESLint enforces the import direction', () => {
  it('refuses each forbidden import and lets the allowed ones through', () => {
    const messages = lintFixtures(CASES.map((entry) => entry.fixture));
    expect(Object.fromEntries(CASES.map((entry, i) => [entry.name, messages[i]]))).toEqual(Object.fromEntries(CASES.map((entry) => [entry.name, entry.refused])));
  });
});
