export * from './accounts';
export * from './auth';
export * from './commands';
export * from './config';
export * from './eventstore';
export * from './http';
export * from './ids';
export * from './kafka';
export * from './logger';
export * from './mail';
export * from './mongo';
export * from './objectstore';
export * from './readmodels';
export * from './request-context';
export * from './timing';
export * from './uploads';
/** Zip files for tests (bombs, corrupt DOCX), shared by the tests of every workspace. */
