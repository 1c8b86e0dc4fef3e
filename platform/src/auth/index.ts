export * from './passwords';
export * from './verification-token';
export * from './second-factor';
