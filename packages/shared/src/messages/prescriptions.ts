/** Messages of prescribing: the checks' refusals, issuing, cancelling and the public verification. */
import type { Shape } from './core.js';

export const prescriptionsEn = {
  success: {
    prescriptions: {
      created: 'Prescription saved as a draft',
      updated: 'Draft saved',
      issued: 'Prescription issued',
      cancelled: 'Prescription cancelled',
    },
  },
  validation: {
    prescriptions: {
      reasonRequired: 'Give a reason',
      itemsRequired: 'Add at least one medication',
      tooManyItems: 'At most 20 medications on one prescription',
      durationInvalid: 'Duration: whole days, 1 to 366',
      quantityInvalid: 'Quantity: a whole number, 1 to 10,000',
      validDaysInvalid: 'Valid for 1 to 180 days',
      medicationUnknown: 'This medication is not in the catalogue',
      medicationInactive: 'This medication is no longer in use',
      clinicUnknown: 'Choose a clinic of this organisation',
    },
  },
  errors: {
    prescriptions: {
      notFound: 'Prescription not found',
      notDraft: 'This prescription has been issued or cancelled and can no longer be changed',
      notIssued: 'Only an issued prescription can be cancelled',
      warningsNotAcknowledged: 'Each warning needs a reason before the prescription is issued',
      notPrescriber: 'Only the prescriber can change, issue or cancel this prescription',
      notAnEmployee: 'Prescriptions are written by a member of staff',
      tooManyVerifications: 'Too many unknown codes from this address. Try again in {{minutes}} minutes.',
    },
  },
};

export const prescriptionsAr: Shape<typeof prescriptionsEn> = {
  success: {
    prescriptions: {
      created: 'حُفظت الوصفة مسودةً',
      updated: 'حُفظت المسودة',
      issued: 'صدرت الوصفة',
      cancelled: 'أُلغيت الوصفة',
    },
  },
  validation: {
    prescriptions: {
      reasonRequired: 'اذكر السبب',
      itemsRequired: 'أضف دواءً واحداً على الأقل',
      tooManyItems: 'لا تتجاوز الوصفة الواحدة 20 دواءً',
      durationInvalid: 'المدة: أيام كاملة من 1 إلى 366',
      quantityInvalid: 'الكمية: عدد صحيح من 1 إلى 10000',
      validDaysInvalid: 'الصلاحية من يوم واحد إلى 180 يوماً',
      medicationUnknown: 'هذا الدواء غير موجود في القائمة',
      medicationInactive: 'هذا الدواء لم يعد مستخدماً',
      clinicUnknown: 'اختر عيادة من عيادات هذه المنشأة',
    },
  },
  errors: {
    prescriptions: {
      notFound: 'الوصفة غير موجودة',
      notDraft: 'صدرت هذه الوصفة أو أُلغيت ولم يعد تعديلها ممكناً',
      notIssued: 'لا يُلغى إلا وصفة صادرة',
      warningsNotAcknowledged: 'يحتاج كل تنبيه إلى سبب قبل إصدار الوصفة',
      notPrescriber: 'لا يعدّل الوصفة أو يصدرها أو يلغيها إلا الطبيب الذي كتبها',
      notAnEmployee: 'لا يكتب الوصفات إلا أحد الموظفين',
      tooManyVerifications: 'رموز غير معروفة كثيرة من هذا العنوان. حاول بعد {{minutes}} دقيقة.',
    },
  },
};
