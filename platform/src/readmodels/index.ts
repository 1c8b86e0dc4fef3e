export * from './generations';
export * from './projections';
