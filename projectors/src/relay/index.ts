export * from './metrics';
export * from './relay';
export * from './settings';
