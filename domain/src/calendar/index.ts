export * from './ics';
export * from './feed';
