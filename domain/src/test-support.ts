/** Sample inputs shared by the tests of every workspace: `@placement/domain/test-support`, never the production barrel. */
export * as jobFixtures from './jobs/test-fixtures';
