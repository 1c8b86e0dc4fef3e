export * from './constants';
export * from './decider';
export * from './permissions';
export * from './validation';
export { isSafeText, safeText, unsafeTextPath, UNSAFE_TEXT_MESSAGE } from './schemas-shared/text';
export * from './users';
export * from './jobs';
export * from './applications';
export * from './offers';
export * from './statistics';
export * from './trainings';
export * from './experiences';
export * from './email';
export * from './resume';
export * from './projections';
export * from './audit';
export * from './settings';
/** Sample inputs shared by the tests of every workspace. */
export * as jobFixtures from './jobs/test-fixtures';
