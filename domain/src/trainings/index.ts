export * from './events';
export * from './schemas';
export * from './decider';
export * from './contracts';
