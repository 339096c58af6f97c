/**
 * Messages of staff sign-in security: second factors, passkeys, sessions, single sign-on. Each part keeps its keys in
 * its own sub-objects (errors.security.*, validation.security.*, success.security.*).
 */
import type { Shape } from './core.js';

export const securityEn = {
  errors: {
    security: {
      enrolmentRequired: 'Your organisation asks you to set up a second sign-in step before you continue.',
      stepUpRequired: 'Confirm it is you to continue.',
      ticketInvalid: 'This sign-in step has expired. Sign in again.',
      sessionEnded: 'This session has ended. Sign in again.',
    },
  },
};

export const securityAr: Shape<typeof securityEn> = {
  errors: {
    security: {
      enrolmentRequired: 'تطلب منك مؤسستك إعداد خطوة تحقق ثانية لتسجيل الدخول قبل المتابعة.',
      stepUpRequired: 'أكّد هويتك للمتابعة.',
      ticketInvalid: 'انتهت صلاحية خطوة تسجيل الدخول هذه. سجّل الدخول من جديد.',
      sessionEnded: 'انتهت هذه الجلسة. سجّل الدخول من جديد.',
    },
  },
};
