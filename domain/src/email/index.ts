export * from './events';
export * from './schemas';
export * from './template-decider';
export * from './campaign-decider';
export * from './contracts';
