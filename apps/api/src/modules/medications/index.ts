/** The medications module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { normalizeArabicLocal } from './search-text.js';
