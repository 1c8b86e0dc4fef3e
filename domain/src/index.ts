export * from './constants';
export * from './decider';
