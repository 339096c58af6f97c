/** Messages of the waiting-room displays: pairing a screen, its token, revoking it. */
import type { Shape } from './core.js';

export const queueDisplaysEn = {
  errors: {
    queueDisplays: {},
  },
};

export const queueDisplaysAr: Shape<typeof queueDisplaysEn> = {
  errors: {
    queueDisplays: {},
  },
};
