export * from './calendar.js';
export * from './zone-name.js';
export * from './zone.js';
