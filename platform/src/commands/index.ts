export * from './runner';
export * from './stream-writer';
