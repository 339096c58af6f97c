export * from './core.js';
export * from './files.js';
