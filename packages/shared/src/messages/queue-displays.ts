/** Messages of the waiting-room displays: pairing a screen, its token, revoking it. */
import type { Shape } from './core.js';

export const queueDisplaysEn = {
  errors: {
    queueDisplays: {
      codeInvalid: 'This pairing code is unknown, already used or expired. Ask an administrator for a new code.',
      tokenInvalid: 'This display is no longer paired: it was revoked or paired again. Ask an administrator for a new pairing code.',
      revoked: 'This display was revoked. Add a new display instead.',
      clinicNotFound: 'This clinic does not exist.',
      tooManyAttempts_one: 'Too many wrong pairing codes from this address. Try again in {{count}} minute.',
      tooManyAttempts_other: 'Too many wrong pairing codes from this address. Try again in {{count}} minutes.',
    },
  },
  success: {
    queueDisplays: {
      created: 'Display "{{name}}" added. Enter the pairing code on the screen.',
      newCode: 'New pairing code for "{{name}}". The screen must be paired again.',
      revoked: 'Display "{{name}}" revoked. Its screen no longer shows the queue.',
      paired: 'This screen is now paired as "{{name}}".',
    },
  },
};

export const queueDisplaysAr: Shape<typeof queueDisplaysEn> = {
  errors: {
    queueDisplays: {
      codeInvalid: 'رمز الإقران هذا غير معروف أو مستخدم أو منتهي الصلاحية. اطلب رمزًا جديدًا من المسؤول.',
      tokenInvalid: 'هذه الشاشة لم تعد مقترنة: أُلغيت أو اقترنت من جديد. اطلب رمز إقران جديدًا من المسؤول.',
      revoked: 'أُلغيت هذه الشاشة. أضف شاشة جديدة بدلًا منها.',
      clinicNotFound: 'هذه العيادة غير موجودة.',
      tooManyAttempts_zero: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول مرة أخرى الآن.',
      tooManyAttempts_one: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول بعد دقيقة واحدة.',
      tooManyAttempts_two: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول بعد دقيقتين.',
      tooManyAttempts_few: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول بعد {{count}} دقائق.',
      tooManyAttempts_many: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول بعد {{count}} دقيقة.',
      tooManyAttempts_other: 'رموز إقران خاطئة كثيرة من هذا العنوان. حاول بعد {{count}} دقيقة.',
    },
  },
  success: {
    queueDisplays: {
      created: 'أُضيفت الشاشة «{{name}}». أدخل رمز الإقران على الشاشة.',
      newCode: 'رمز إقران جديد للشاشة «{{name}}». يجب إقران الشاشة من جديد.',
      revoked: 'أُلغيت الشاشة «{{name}}». لم تعد تعرض قائمة الانتظار.',
      paired: 'اقترنت هذه الشاشة باسم «{{name}}».',
    },
  },
};
