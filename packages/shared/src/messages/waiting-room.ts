/** Messages of the waiting room (staff side): the queue, calls, tickets, the clinic's settings, the patient's text. */
import type { Shape } from './core.js';

export const waitingRoomEn = {
  validation: {
    waitingRoom: {
      prefix: 'Use one to three capital letters (A to Z).',
      roomTooLong: 'Use at most 40 characters.',
      tooMany: 'Too many entries: at most 200.',
      displayNameTooLong: 'Use at most 60 characters.',
      pairingCode: 'Enter the code shown to the administrator.',
    },
  },
};

export const waitingRoomAr: Shape<typeof waitingRoomEn> = {
  validation: {
    waitingRoom: {
      prefix: 'استخدم من حرف إلى ثلاثة أحرف لاتينية كبيرة (من A إلى Z).',
      roomTooLong: 'استخدم 40 حرفًا على الأكثر.',
      tooMany: 'عدد كبير جدًا من الإدخالات: 200 على الأكثر.',
      displayNameTooLong: 'استخدم 60 حرفًا على الأكثر.',
      pairingCode: 'أدخل الرمز الذي ظهر للمسؤول.',
    },
  },
};
