/** Messages of single sign-on (issue 33, sso part): errors.security.sso.*, validation.security.sso.*, success.security.sso.*. */
import type { Shape } from './core.js';

export const ssoEn = {
  errors: {
    security: {
      sso: {
        passwordSignInOff: 'Your organisation signs in through its identity provider. Use "Sign in with your organisation".',
        handoffInvalid: 'This sign-in link has expired or was already used. Sign in again.',
        discoveryFailed: 'The identity provider could not be reached at this address, or it names another issuer.',
        issuerPrivate: 'This address is on a private network, which the server\'s operator has not opened to identity providers.',
        notConfigured: 'Set up the identity provider before turning single sign-on on.',
        secretRequired: 'Enter the client secret.',
        passwordNeedsSso: 'Password sign-in can be turned off only while single sign-on is on.',
        breakGlassRequired: 'Choose the administrator who may still sign in with a password.',
        breakGlassNotAdmin: 'The break-glass account must be an active administrator of this organisation.',
        unknownRole: 'This role does not exist in this organisation.',
      },
    },
  },
  validation: {
    security: {
      sso: {
        issuer: 'Enter the issuer address (https).',
        domain: 'Enter an e-mail domain such as example.com.',
        group: 'Enter the group name.',
        clientId: 'Enter the client id.',
        label: 'Use at most 60 characters.',
      },
    },
  },
  success: {
    security: {
      sso: {
        saved: 'Single sign-on settings saved',
        tested: 'The identity provider answered',
      },
    },
  },
};

export const ssoAr: Shape<typeof ssoEn> = {
  errors: {
    security: {
      sso: {
        passwordSignInOff: 'تسجّل مؤسستك الدخول عبر مزوّد الهوية الخاص بها. استخدم «تسجيل الدخول عبر مؤسستك».',
        handoffInvalid: 'انتهت صلاحية رابط تسجيل الدخول هذا أو سبق استخدامه. سجّل الدخول من جديد.',
        discoveryFailed: 'تعذّر الوصول إلى مزوّد الهوية على هذا العنوان، أو أنه يذكر جهة إصدار أخرى.',
        issuerPrivate: 'هذا العنوان على شبكة خاصة لم يفتحها مشغّل الخادم لمزوّدي الهوية.',
        notConfigured: 'أعِدّ مزوّد الهوية قبل تفعيل تسجيل الدخول الموحّد.',
        secretRequired: 'أدخل السر الخاص بالعميل.',
        passwordNeedsSso: 'لا يمكن إيقاف تسجيل الدخول بكلمة المرور إلا عند تفعيل تسجيل الدخول الموحّد.',
        breakGlassRequired: 'اختر المسؤول الذي يظل بإمكانه تسجيل الدخول بكلمة المرور.',
        breakGlassNotAdmin: 'يجب أن يكون حساب الطوارئ مسؤولًا نشطًا في هذه المؤسسة.',
        unknownRole: 'هذا الدور غير موجود في هذه المؤسسة.',
      },
    },
  },
  validation: {
    security: {
      sso: {
        issuer: 'أدخل عنوان جهة الإصدار (https).',
        domain: 'أدخل نطاق بريد إلكتروني مثل example.com.',
        group: 'أدخل اسم المجموعة.',
        clientId: 'أدخل معرّف العميل.',
        label: 'استخدم 60 حرفًا على الأكثر.',
      },
    },
  },
  success: {
    security: {
      sso: {
        saved: 'حُفظت إعدادات تسجيل الدخول الموحّد',
        tested: 'استجاب مزوّد الهوية',
      },
    },
  },
};
