/** Messages of webhooks. */
import type { Shape } from './core.js';

export const webhooksEn = {
  errors: {
    webhooks: {
      urlInvalid: 'Enter a full web address starting with https://',
      httpsOnly: 'The address must start with https://',
      noEvents: 'Choose at least one event',
      targetRefused: 'This address cannot receive webhooks: it points at a private or local network',
      unresolvable: 'This address\'s host name could not be found',
      limit: 'An organisation can have at most {{max}} webhook endpoints',
      notFound: 'Webhook endpoint not found',
    },
  },
  success: {
    webhooks: {
      created: 'Webhook endpoint added',
      updated: 'Webhook endpoint saved',
      deleted: 'Webhook endpoint removed',
      rotated: 'New signing secret made: the old one no longer signs',
      testQueued: 'Test event sent',
      replayQueued: 'Delivery sent again',
    },
  },
  notifications: {
    webhook_disabled_one: 'The webhook to {{url}} was turned off after {{count}} failed delivery',
    webhook_disabled_other: 'The webhook to {{url}} was turned off after {{count}} failed deliveries in a row',
  },
};

export const webhooksAr: Shape<typeof webhooksEn> = {
  errors: {
    webhooks: {
      urlInvalid: 'أدخل عنوان ويب كاملاً يبدأ بـ https://',
      httpsOnly: 'يجب أن يبدأ العنوان بـ https://',
      noEvents: 'اختر حدثاً واحداً على الأقل',
      targetRefused: 'لا يمكن لهذا العنوان استقبال الخطافات: فهو يشير إلى شبكة خاصة أو محلية',
      unresolvable: 'تعذر العثور على اسم المضيف لهذا العنوان',
      limit: 'يمكن للمؤسسة أن تملك {{max}} نقطة استقبال للخطافات على الأكثر',
      notFound: 'نقطة استقبال الخطاف غير موجودة',
    },
  },
  success: {
    webhooks: {
      created: 'أضيفت نقطة استقبال الخطاف',
      updated: 'حُفظت نقطة استقبال الخطاف',
      deleted: 'حُذفت نقطة استقبال الخطاف',
      rotated: 'أُنشئ سر توقيع جديد: لم يعد السر القديم يوقّع',
      testQueued: 'أُرسل حدث تجريبي',
      replayQueued: 'أُعيد إرسال التسليم',
    },
  },
  notifications: {
    webhook_disabled_zero: 'أُوقف الخطاف إلى {{url}} بعد فشل التسليم',
    webhook_disabled_one: 'أُوقف الخطاف إلى {{url}} بعد فشل تسليم واحد',
    webhook_disabled_two: 'أُوقف الخطاف إلى {{url}} بعد فشل تسليمين متتاليين',
    webhook_disabled_few: 'أُوقف الخطاف إلى {{url}} بعد فشل {{count}} تسليمات متتالية',
    webhook_disabled_many: 'أُوقف الخطاف إلى {{url}} بعد فشل {{count}} تسليمًا متتاليًا',
    webhook_disabled_other: 'أُوقف الخطاف إلى {{url}} بعد فشل {{count}} تسليم متتالٍ',
  },
};
