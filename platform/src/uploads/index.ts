export * from './attachments';
export * from './multipart';
export * from './sniff';
