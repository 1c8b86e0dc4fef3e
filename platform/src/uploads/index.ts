export * from './attachments';
export * from './multipart';
export * from './sniff';
export * from './zip';
