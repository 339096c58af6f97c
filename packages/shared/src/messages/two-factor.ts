/** Messages of second factors by authenticator app and recovery codes, step-up, and the organisation's rule. */
import type { Shape } from './core.js';

export const twoFactorEn = {
  errors: {
    security: {
      mfa: {
        codeInvalid: 'That code is not right, or was already used. Try the next code.',
        alreadyOn: 'The authenticator app is already on. Turn it off first to set up another.',
        notStarted: 'Start setting up the authenticator app first.',
        notOn: 'The authenticator app is not on.',
        unreadable: 'Your authenticator app cannot be checked on this server. Sign in with a recovery code, then set the app up again.',
        passwordWrong: 'The password is not right.',
        noFactor: 'You have no second factor: confirm with your password.',
        factorNeeded: 'Confirm with your authenticator app, a recovery code or a passkey.',
        unknownRole: 'One of the chosen roles does not exist.',
      },
    },
  },
  validation: {
    security: {
      mfa: {
        codeRequired: 'Enter the 6-digit code.',
        codeFormat: 'The code has 6 digits.',
        recoveryRequired: 'Enter a recovery code.',
        recoveryFormat: 'A recovery code has 10 letters and digits.',
        ticketRequired: 'Sign in again.',
        stepUpMinutes: 'Enter a number of minutes from 1 to 720.',
      },
    },
  },
  success: {
    security: {
      mfa: {
        enabled: 'The authenticator app is on.',
        disabled: 'The authenticator app is off.',
        regenerated: 'New recovery codes made; the old ones no longer work.',
        verified: 'Confirmed.',
        policySaved: 'Second-factor rule saved.',
      },
    },
  },
};

export const twoFactorAr: Shape<typeof twoFactorEn> = {
  errors: {
    security: {
      mfa: {
        codeInvalid: 'هذا الرمز غير صحيح أو سبق استخدامه. جرّب الرمز التالي.',
        alreadyOn: 'تطبيق المصادقة مفعّل بالفعل. أوقفه أولاً لإعداد تطبيق آخر.',
        notStarted: 'ابدأ إعداد تطبيق المصادقة أولاً.',
        notOn: 'تطبيق المصادقة غير مفعّل.',
        unreadable: 'لا يمكن التحقق من تطبيق المصادقة على هذا الخادم. سجّل الدخول برمز استرداد، ثم أعد إعداد التطبيق.',
        passwordWrong: 'كلمة المرور غير صحيحة.',
        noFactor: 'ليس لديك عامل تحقق ثانٍ: أكّد بكلمة المرور.',
        factorNeeded: 'أكّد بتطبيق المصادقة أو برمز استرداد أو بمفتاح مرور.',
        unknownRole: 'أحد الأدوار المختارة غير موجود.',
      },
    },
  },
  validation: {
    security: {
      mfa: {
        codeRequired: 'أدخل الرمز المكوّن من 6 أرقام.',
        codeFormat: 'يتكوّن الرمز من 6 أرقام.',
        recoveryRequired: 'أدخل رمز استرداد.',
        recoveryFormat: 'يتكوّن رمز الاسترداد من 10 أحرف وأرقام.',
        ticketRequired: 'سجّل الدخول من جديد.',
        stepUpMinutes: 'أدخل عدد دقائق من 1 إلى 720.',
      },
    },
  },
  success: {
    security: {
      mfa: {
        enabled: 'تم تفعيل تطبيق المصادقة.',
        disabled: 'تم إيقاف تطبيق المصادقة.',
        regenerated: 'أُنشئت رموز استرداد جديدة؛ لم تعد الرموز القديمة صالحة.',
        verified: 'تم التأكيد.',
        policySaved: 'تم حفظ قاعدة العامل الثاني.',
      },
    },
  },
};
