export * from './contracts';
export * from './placement';
