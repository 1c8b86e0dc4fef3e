import path from 'node:path';
import { ensureSchemathesis } from '../../infra/local/schemathesis';
import { repoRoot } from '../support/processes';
import { FUZZ_ROLES, fuzzCallers, type FuzzCaller } from './accounts';
import { fuzzProfile, runSchemathesis, type FuzzFigures } from './schemathesis';

/**
 * Every operation of /api/openapi.json, fuzzed through the gateway by schemathesis as a visitor, a
 * student, a staff member and an admin (accounts of this run only): no reply is a 5xx, and every
 * reply matches the schema the document declares for its status. `npm test` runs the bounded profile,
 * `npm run fuzz` the long one (FUZZ_PROFILE=long).
 */
const profile = fuzzProfile();
const REPORTS = path.join(repoRoot, '.local', 'fuzz');

describe(`schemathesis over /api/openapi.json (${profile.name}: ${profile.maxExamples} examples per operation, seed ${profile.seed})`, () => {
  let command: string;
  let callers: FuzzCaller[];
  const figures: FuzzFigures[] = [];

  beforeAll(async () => {
    command = await ensureSchemathesis();
    callers = await fuzzCallers();
  }, 300_000);

  afterAll(() => {
    const rows = figures.map((f) => `${f.role.padEnd(8)} ${f.operationsTested}/${f.operationsSelected} operations, ${f.testCases} test cases, ${f.failingOperations} failing operations, ${f.seconds} s`);
    console.log(`schemathesis (${profile.name}, seed ${profile.seed}):\n${rows.join('\n')}\nreports: ${REPORTS}`);
  });

  it.each(FUZZ_ROLES.map((role) => [role]))(
    'as %s: no 5xx, no reply outside its documented schema',
    async (role) => {
      const caller = callers.find((candidate) => candidate.role === role)!;
      let result = await runSchemathesis(command, caller, profile, path.join(REPORTS, role));
      // A crash of schemathesis itself (not a failing check of a reply) is run again, twice at most.
      for (let again = 0; again < 2 && result.failingOperations > 0 && result.failingOperations === result.toolCrashes; again++) {
        result = await runSchemathesis(command, caller, profile, path.join(REPORTS, role));
      }
      figures.push(result);
      const summary = result.output.slice(result.output.indexOf('===')).slice(-20_000);
      expect({ exitCode: result.exitCode, failingOperations: result.failingOperations, summary }).toEqual({ exitCode: 0, failingOperations: 0, summary });
      expect(result.operationsTested).toBe(result.operationsSelected);
      expect(result.operationsSelected).toBeGreaterThanOrEqual(60);
      expect(result.testCases).toBeGreaterThan(0);
    },
    profile.timeoutSeconds * 1000 + 60_000,
  );
});
