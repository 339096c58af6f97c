/** Messages of sign-in sessions: the session list, the organisation's session rules, the new-device e-mail. */
import type { Shape } from './core.js';

export const sessionsEn = {
  errors: {
    security: {
      sessionNotFound: 'This session was not found, or it has already ended.',
      sessionPersonNotFound: 'This person was not found.',
    },
  },
  validation: {
    security: {
      idleTimeoutRange: 'Enter a whole number of minutes from 5 to 1440.',
      lifetimeRange: 'Enter a whole number of hours from 1 to 720.',
    },
  },
  success: {
    security: {
      sessionEnded: 'The session has ended.',
      otherSessionsEnded_one: 'One other session has ended.',
      otherSessionsEnded_other: '{{count}} other sessions have ended.',
      personSessionsEnded_one: 'One session has ended.',
      personSessionsEnded_other: '{{count}} sessions have ended.',
      sessionPolicySaved: 'Session rules saved.',
    },
  },
  newDeviceEmail: {
    subject: 'New sign-in to {{company}}',
    greeting: 'Hello {{name}},',
    body: 'Your account was just signed in to from a device it has not used before.',
    when: 'When: {{date}}',
    device: 'Device: {{device}}',
    address: 'Address: {{ip}}',
    unknown: 'not recognised',
    notYou: 'If this was not you, change your password now and end your other sessions on the Security page.',
    action: 'Open the Security page',
  },
};

export const sessionsAr: Shape<typeof sessionsEn> = {
  errors: {
    security: {
      sessionNotFound: 'لم يُعثر على هذه الجلسة، أو أنها انتهت من قبل.',
      sessionPersonNotFound: 'لم يُعثر على هذا الشخص.',
    },
  },
  validation: {
    security: {
      idleTimeoutRange: 'أدخل عددًا صحيحًا من الدقائق بين 5 و1440.',
      lifetimeRange: 'أدخل عددًا صحيحًا من الساعات بين 1 و720.',
    },
  },
  success: {
    security: {
      sessionEnded: 'انتهت الجلسة.',
      otherSessionsEnded_zero: 'لم تكن هناك جلسات أخرى لإنهائها.',
      otherSessionsEnded_one: 'انتهت جلسة أخرى واحدة.',
      otherSessionsEnded_two: 'انتهت جلستان أخريان.',
      otherSessionsEnded_few: 'انتهت {{count}} جلسات أخرى.',
      otherSessionsEnded_many: 'انتهت {{count}} جلسة أخرى.',
      otherSessionsEnded_other: 'انتهت {{count}} جلسة أخرى.',
      personSessionsEnded_zero: 'لم تكن لهذا الشخص جلسات لإنهائها.',
      personSessionsEnded_one: 'انتهت جلسة واحدة.',
      personSessionsEnded_two: 'انتهت جلستان.',
      personSessionsEnded_few: 'انتهت {{count}} جلسات.',
      personSessionsEnded_many: 'انتهت {{count}} جلسة.',
      personSessionsEnded_other: 'انتهت {{count}} جلسة.',
      sessionPolicySaved: 'حُفظت قواعد الجلسات.',
    },
  },
  newDeviceEmail: {
    subject: 'تسجيل دخول جديد إلى {{company}}',
    greeting: 'مرحبًا {{name}}،',
    body: 'سُجّل الدخول إلى حسابك للتو من جهاز لم يُستخدم معه من قبل.',
    when: 'الوقت: {{date}}',
    device: 'الجهاز: {{device}}',
    address: 'العنوان: {{ip}}',
    unknown: 'غير معروف',
    notYou: 'إن لم تكن أنت، فغيّر كلمة المرور الآن وأنهِ جلساتك الأخرى من صفحة الأمان.',
    action: 'افتح صفحة الأمان',
  },
};
