export * from './constants';
export * from './decider';
export * from './permissions';
