export * from './note-template.js';
export * from './prescribing.js';
export * from './orders.js';
