export * from './note-template.js';
