export * from './config';
export * from './http';
export * from './kafka';
export * from './logger';
export * from './mail';
export * from './mongo';
export * from './objectstore';
export * from './uploads';
