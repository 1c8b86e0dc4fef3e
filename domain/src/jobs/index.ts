export * from './events';
export * from './schemas';
export * from './categories';
export * from './decider';
export * from './eligibility';
export * from './upcasters';
export * from './contracts';
