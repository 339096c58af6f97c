/** Messages of the interoperability routes: the FHIR R4 API and calendar feeds. */
export const interopEn = {
  errors: {
    fhir: {
      badParameter: 'The search parameter "{{name}}" is not valid',
      unknownParameter: 'The search parameter "{{name}}" is not supported',
      windowTooLong: 'The time window is too long (at most {{days}} days)',
      scheduleRequired: 'Slots are searched within one schedule: give the schedule parameter',
      exportNotFound: 'This export does not exist or has expired',
      exportFailed: 'The export failed; start a new one',
      exportBusy: 'An export is already running for your organisation; wait for it to finish',
      unsupportedFormat: 'Only FHIR NDJSON exports are supported',
    },
    feeds: {
      targetRequired: 'Choose a doctor or a clinic for the feed',
      notYourFeed: 'You can only manage your own calendar feeds',
    },
  },
  success: {
    feeds: {
      created: 'Calendar feed created',
      rotated: 'Calendar feed address changed; the old address no longer works',
      revoked: 'Calendar feed revoked',
    },
  },
};

export const interopAr: typeof interopEn = {
  errors: {
    fhir: {
      badParameter: 'معامل البحث "{{name}}" غير صالح',
      unknownParameter: 'معامل البحث "{{name}}" غير مدعوم',
      windowTooLong: 'الفترة الزمنية طويلة جدًا (بحد أقصى {{days}} يومًا)',
      scheduleRequired: 'يُبحث عن الفترات ضمن جدول واحد: أدخل معامل الجدول schedule',
      exportNotFound: 'هذا التصدير غير موجود أو انتهت صلاحيته',
      exportFailed: 'فشل التصدير؛ ابدأ تصديرًا جديدًا',
      exportBusy: 'هناك تصدير قيد التشغيل لمؤسستك؛ انتظر حتى ينتهي',
      unsupportedFormat: 'لا يُدعم إلا تصدير FHIR بصيغة NDJSON',
    },
    feeds: {
      targetRequired: 'اختر طبيبًا أو عيادة للتقويم',
      notYourFeed: 'يمكنك إدارة روابط التقويم الخاصة بك فقط',
    },
  },
  success: {
    feeds: {
      created: 'تم إنشاء رابط التقويم',
      rotated: 'تم تغيير عنوان رابط التقويم؛ العنوان القديم لم يعد يعمل',
      revoked: 'تم إلغاء رابط التقويم',
    },
  },
};
