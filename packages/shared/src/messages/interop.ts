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
      exportInterrupted: 'The export stopped because the server was restarted while writing its files; start a new one',
      exportBusy: 'An export is already running for your organisation; wait for it to finish',
      unsupportedFormat: 'Only FHIR NDJSON exports are supported',
      notAResource: 'The body is not a FHIR {{type}} resource in JSON',
      idMismatch: 'The resource\'s id is not the id of the address',
      badCondition: 'If-None-Exist takes one identifier: identifier=system|value',
      multipleMatches: 'More than one patient matches this identifier; nothing was created',
      versionMismatch: 'This record was changed since version {{version}}; read it again',
      unsupportedChange: 'This cannot be changed through FHIR: {{element}}',
      referenceInvalid: 'Give a reference to a {{type}} of your organisation ({{type}}/id)',
      bookedOnly: 'A new appointment is booked: its status must be "booked"',
      statusInvalid: 'This appointment status cannot be set',
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
      exportInterrupted: 'توقف التصدير لأن الخادم أُعيد تشغيله أثناء كتابة ملفاته؛ ابدأ تصديرًا جديدًا',
      exportBusy: 'هناك تصدير قيد التشغيل لمؤسستك؛ انتظر حتى ينتهي',
      unsupportedFormat: 'لا يُدعم إلا تصدير FHIR بصيغة NDJSON',
      notAResource: 'المحتوى ليس مورد FHIR من نوع {{type}} بصيغة JSON',
      idMismatch: 'معرّف المورد لا يطابق المعرّف في العنوان',
      badCondition: 'يقبل If-None-Exist معرّفًا واحدًا: identifier=system|value',
      multipleMatches: 'يطابق هذا المعرّف أكثر من مريض؛ لم يُنشأ شيء',
      versionMismatch: 'تغيّر هذا السجل منذ الإصدار {{version}}؛ اقرأه مجددًا',
      unsupportedChange: 'لا يمكن تغيير هذا عبر FHIR: {{element}}',
      referenceInvalid: 'أدخل مرجعًا إلى {{type}} تابع لمؤسستك ({{type}}/id)',
      bookedOnly: 'الموعد الجديد محجوز: يجب أن تكون حالته "booked"',
      statusInvalid: 'لا يمكن تعيين حالة الموعد هذه',
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
