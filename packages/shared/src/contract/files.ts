import { idParams } from '../schemas/common.js';
import { fileLinkQuery } from '../schemas/file-link.js';
import { route } from './route.js';

/**
 * A stored file by the signed link records carry (usable in <img>, which sends no Bearer header): public, since the
 * link is the permission; it binds company, file, expiry and the sign-in it was issued to.
 */
export const fileRoutes = {
  get: route({ method: 'GET', path: '/api/files/:id', access: 'public', tags: ['files'], params: idParams, query: fileLinkQuery, response: 'file' }),
};
