export * from './note-template.js';
export * from './orders.js';
