export * from './multipart';
export * from './sniff';
