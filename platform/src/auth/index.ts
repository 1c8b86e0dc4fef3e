export * from './passwords';
export * from './verification-token';
