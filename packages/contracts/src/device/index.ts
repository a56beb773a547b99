export * from './hardware.ts';
export * from './messages.ts';
export * from './method.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './controls.ts';
