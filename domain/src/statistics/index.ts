export * from './contracts';
export * from './placement';
export * from './pages';
