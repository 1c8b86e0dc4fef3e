export * from './mailbox';
export * from './transport';
