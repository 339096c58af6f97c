export * from './constants.js';
export * from './messages/index.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/user.js';
export * from './schemas/audit.js';
