/** Messages of passkeys (staff sign-in security): errors.passkeys.*, validation.passkeys.*, success.passkeys.*. */
import type { Shape } from './core.js';

export const passkeysEn = {
  errors: {
    passkeys: {
      challengeInvalid: 'This passkey request has expired. Try again.',
      notVerified: 'The passkey could not be verified. Try again.',
      notAccepted: 'This passkey was not accepted. Use another way to sign in.',
      notFound: 'Passkey not found.',
      alreadyRegistered: 'This passkey is already registered.',
      limit: 'You already have {{max}} passkeys, the most one person can keep. Remove one you no longer use first.',
    },
  },
  validation: {
    passkeys: {
      nameRequired: 'Give the passkey a name.',
      nameTooLong: 'The name can be at most 60 characters.',
      challengeRequired: 'The passkey request is missing.',
      responseRequired: 'The passkey answer is missing.',
    },
  },
  success: {
    passkeys: {
      added: 'Passkey added.',
      renamed: 'Passkey renamed.',
      removed: 'Passkey removed.',
      verified: 'Confirmed. You can continue.',
    },
  },
};

export const passkeysAr: Shape<typeof passkeysEn> = {
  errors: {
    passkeys: {
      challengeInvalid: 'انتهت صلاحية طلب مفتاح المرور. حاول مرة أخرى.',
      notVerified: 'تعذّر التحقق من مفتاح المرور. حاول مرة أخرى.',
      notAccepted: 'لم يُقبل مفتاح المرور هذا. استخدم طريقة أخرى لتسجيل الدخول.',
      notFound: 'مفتاح المرور غير موجود.',
      alreadyRegistered: 'مفتاح المرور هذا مسجّل من قبل.',
      limit: 'لديك {{max}} مفتاح مرور، وهو أكثر ما يمكن للشخص الاحتفاظ به. احذف مفتاحًا لم تعد تستخدمه أولًا.',
    },
  },
  validation: {
    passkeys: {
      nameRequired: 'أدخل اسمًا لمفتاح المرور.',
      nameTooLong: 'لا يزيد الاسم على 60 حرفًا.',
      challengeRequired: 'طلب مفتاح المرور مفقود.',
      responseRequired: 'إجابة مفتاح المرور مفقودة.',
    },
  },
  success: {
    passkeys: {
      added: 'أُضيف مفتاح المرور.',
      renamed: 'أُعيدت تسمية مفتاح المرور.',
      removed: 'أُزيل مفتاح المرور.',
      verified: 'تم التأكيد. يمكنك المتابعة.',
    },
  },
};
