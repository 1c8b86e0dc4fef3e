export * from './env';
export * from './local-stack';
