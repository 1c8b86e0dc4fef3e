export * from './fields';
export * from './problems';
export * from './changes';
export * from './text';
