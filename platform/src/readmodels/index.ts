export * from './applications';
export * from './email';
export * from './experiences';
export * from './generations';
export * from './jobs';
export * from './projections';
export * from './trainings';
export * from './users';
