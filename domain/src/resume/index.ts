export * from './contracts';
export * from './events';
export * from './decider';
