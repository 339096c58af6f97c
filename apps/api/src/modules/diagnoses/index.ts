/** The diagnoses module's public entry: the code list, encounter diagnoses and the problem list. */
export { diagnosisRoutes } from './diagnoses.routes.js';
export { installStarterCodes } from './diagnosis-codes.service.js';
export { STARTER_CODES, STARTER_SYSTEM } from './starter-codes.js';
