export * from './mailbox';
export * from './sanitize';
export * from './tracking';
export * from './transport';
