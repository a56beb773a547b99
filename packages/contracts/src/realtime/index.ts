export * from './channels.ts';
export * from './payloads.ts';
export * from './visitor.ts';
