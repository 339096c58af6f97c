/** Messages of webhooks. */
import type { Shape } from './core.js';

export const webhooksEn = {
};

export const webhooksAr: Shape<typeof webhooksEn> = {
};
