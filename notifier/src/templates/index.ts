export * from './application-status';
export * from './application-submitted';
export * from './campaign';
export * from './html-to-text';
export * from './job-announcement';
export * from './job-title';
export * from './layout';
export * from './verification';
