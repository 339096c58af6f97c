export * from './core.js';
export * from './files.js';
export * from './organisation.js';
export * from './catalog.js';
export * from './people.js';
export * from './patients.js';
export * from './scheduling.js';
export * from './messaging.js';
