/** Messages of lab and imaging orders: the catalogue, orders, results and their refusals. */
import type { Shape } from './core.js';

export const ordersEn = {
  validation: {
    orders: {
      codeRequired: 'Enter a code',
      codeInvalid: 'Use letters, digits, dots, dashes and underscores only',
      nameRequired: 'Enter the name',
      kindInvalid: 'Choose lab or imaging',
      boundInvalid: 'Enter a number between -1,000,000 and 1,000,000',
      rangeOrder: 'The limits must be in order: critical low ≤ low ≤ high ≤ critical high',
      tooManyAnalytes: 'A test has at most 30 analytes',
      analyteDuplicate: 'This analyte code is already in the test',
      imagingAnalytes: 'An imaging study has no analytes',
      itemsRequired: 'Choose at least one test or study',
      tooManyItems: 'An order has at most 20 tests or studies',
      itemDuplicate: 'A test is chosen twice',
      itemUnknown: 'This test is not in the clinic\'s catalogue',
      itemInactive: 'This test is no longer offered',
      mixedKinds: 'Order lab tests and imaging studies separately',
      priorityInvalid: 'Choose routine or urgent',
      reasonRequired: 'Give a reason',
      numberRequired: 'Enter the full order number',
      numberUnknown: 'No order has this number. Enter the full number, e.g. LAB-2026-000123',
      valuesRequired: 'Enter at least one result',
      valueInvalid: 'Enter a number',
      analyteUnknown: 'This analyte is not part of the order',
      fileRequired: 'Attach the result document (PDF, JPG or PNG)',
      clinicUnknown: 'Choose one of your clinics',
      patientUnknown: 'This patient does not exist',
    },
  },
  errors: {
    orders: {
      notFound: 'Order not found',
      statusConflict: 'This order is {{status}}: it cannot be changed this way',
      notYours: 'Only the ordering doctor acknowledges these results',
      notResulted: 'This order has no results yet',
      catalogueItemNotFound: 'Test or study not found',
      codeTaken: 'The clinic\'s catalogue already has this code',
    },
  },
  success: {
    orders: {
      created: 'Order {{number}} placed',
      cancelled: 'Order cancelled',
      collected: 'Marked collected',
      resulted: 'Results saved',
      acknowledged: 'Results acknowledged',
      catalogueSaved: 'Catalogue entry saved',
    },
  },
  orders: {
    status: { ordered: 'Ordered', collected: 'Collected', resulted: 'Resulted', cancelled: 'Cancelled' },
    kind: { lab: 'Lab', imaging: 'Imaging' },
    priority: { routine: 'Routine', urgent: 'Urgent' },
  },
  notifications: {
    result_abnormal: 'Abnormal result for {{patient}}: {{number}} ({{tests}})',
  },
};

export const ordersAr: Shape<typeof ordersEn> = {
  validation: {
    orders: {
      codeRequired: 'أدخل الرمز',
      codeInvalid: 'استخدم الحروف والأرقام والنقاط والشرطات فقط',
      nameRequired: 'أدخل الاسم',
      kindInvalid: 'اختر مختبرًا أو أشعة',
      boundInvalid: 'أدخل رقمًا بين ‎-1,000,000 و 1,000,000',
      rangeOrder: 'يجب أن تكون الحدود مرتبة: الحرج الأدنى ≤ الأدنى ≤ الأعلى ≤ الحرج الأعلى',
      tooManyAnalytes: 'للفحص 30 مكوّنًا على الأكثر',
      analyteDuplicate: 'رمز هذا المكوّن موجود في الفحص',
      imagingAnalytes: 'ليس لدراسة الأشعة مكوّنات',
      itemsRequired: 'اختر فحصًا أو دراسة واحدة على الأقل',
      tooManyItems: 'للطلب 20 فحصًا أو دراسة على الأكثر',
      itemDuplicate: 'اختير الفحص مرتين',
      itemUnknown: 'هذا الفحص ليس في دليل العيادة',
      itemInactive: 'لم يعد هذا الفحص متاحًا',
      mixedKinds: 'اطلب فحوص المختبر ودراسات الأشعة كلًّا على حدة',
      priorityInvalid: 'اختر عاديًا أو عاجلًا',
      reasonRequired: 'اذكر السبب',
      numberRequired: 'أدخل رقم الطلب كاملًا',
      numberUnknown: 'لا يوجد طلب بهذا الرقم. أدخل الرقم كاملًا، مثل LAB-2026-000123',
      valuesRequired: 'أدخل نتيجة واحدة على الأقل',
      valueInvalid: 'أدخل رقمًا',
      analyteUnknown: 'هذا المكوّن ليس من الطلب',
      fileRequired: 'أرفق مستند النتيجة (PDF أو JPG أو PNG)',
      clinicUnknown: 'اختر إحدى عياداتك',
      patientUnknown: 'هذا المريض غير موجود',
    },
  },
  errors: {
    orders: {
      notFound: 'الطلب غير موجود',
      statusConflict: 'حالة هذا الطلب {{status}}: لا يمكن تغييره بهذه الطريقة',
      notYours: 'الطبيب الطالب وحده يقرّ بالاطلاع على هذه النتائج',
      notResulted: 'لا نتائج لهذا الطلب بعد',
      catalogueItemNotFound: 'الفحص أو الدراسة غير موجودة',
      codeTaken: 'دليل العيادة يحتوي هذا الرمز مسبقًا',
    },
  },
  success: {
    orders: {
      created: 'تم تسجيل الطلب {{number}}',
      cancelled: 'أُلغي الطلب',
      collected: 'سُجّل أخذ العينة',
      resulted: 'حُفظت النتائج',
      acknowledged: 'تم الإقرار بالاطلاع على النتائج',
      catalogueSaved: 'حُفظ بند الدليل',
    },
  },
  orders: {
    status: { ordered: 'مطلوب', collected: 'أُخذت العينة', resulted: 'صدرت النتيجة', cancelled: 'ملغى' },
    kind: { lab: 'مختبر', imaging: 'أشعة' },
    priority: { routine: 'عادي', urgent: 'عاجل' },
  },
  notifications: {
    result_abnormal: 'نتيجة غير طبيعية للمريض {{patient}}: {{number}} ({{tests}})',
  },
};
