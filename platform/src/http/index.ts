export * from './auth';
export * from './correlation';
export * from './errors';
export * from './metrics';
export * from './readiness';
export * from './routes';
export * from './service';
export * from './input-guard';
