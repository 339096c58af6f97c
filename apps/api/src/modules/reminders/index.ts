/** The reminders module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { zonedWords } from './reminders.domain.js';
export { mapLink, messageLanguage, reminderIcs } from './reminders.domain.js';
export { visitClaims, viewVisit } from './reminders.service.js';
