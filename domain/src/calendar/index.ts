export * from './ics';
export * from './feed';
export * from './contracts';
