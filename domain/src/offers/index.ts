export * from './events';
export * from './policy';
export * from './placement';
export * from './application-offers';
export * from './what-if';
export * from './contracts';
