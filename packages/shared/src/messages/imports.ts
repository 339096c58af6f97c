/** Messages of imports. */
import type { Shape } from './core.js';

export const importsEn = {
};

export const importsAr: Shape<typeof importsEn> = {
};
