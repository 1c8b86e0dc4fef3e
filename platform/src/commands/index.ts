export * from './runner';
export * from './stream-writer';
export * from './read-side-pace';
