/** Files shared by the tests of every workspace: `@placement/platform/test-support`, never the production barrel. */
export * as zipFixtures from './uploads/zip-fixtures';
