export * from './notifier';
export * from './service';
export * from './settings';
