/** Messages of diagnosis codes, encounter diagnoses and the problem list. */
import type { Shape } from './core.js';

export const diagnosesEn = {
  errors: {
    diagnoses: {
      diagnosisNotFound: 'The diagnosis was not found',
      problemNotFound: 'The problem was not found',
      primaryTaken: 'This visit already has a primary diagnosis; make it secondary first',
      repeated: 'This diagnosis is already recorded for this visit',
      tooMany: 'A visit can carry at most {{max}} diagnoses',
      problemActive: 'This condition is already on the active problem list',
      importRejected_one: '{{count}} row is not valid; nothing was imported',
      importRejected_other: '{{count}} rows are not valid; nothing was imported',
    },
  },
  validation: {
    diagnoses: {
      codeRequired: 'Choose a diagnosis',
      codeUnknown: 'This diagnosis code is not in your code list',
      systemRequired: 'The code system is required',
      systemInvalid: 'The code system name may use letters, digits, spaces, dots and dashes (at most 40)',
      fileRequired: 'Choose a CSV file',
      fileType: 'The file must be a CSV text file (UTF-8)',
      fileTooLarge: 'The file is larger than {{max}} MB',
      tooManyRows: 'The file has more than {{max}} rows',
      noRows: 'The file has no codes',
      lineColumns: 'Line {{line}}: expected 3 columns (code, English title, Arabic title)',
      lineCode: 'Line {{line}}: the code is missing or not valid (letters, digits, dots and dashes, at most 16)',
      lineTitleEn: 'Line {{line}}: the English title is missing or longer than 300 characters',
      lineTitleAr: 'Line {{line}}: the Arabic title is missing or longer than 300 characters',
      lineRepeated: 'Line {{line}}: the code {{code}} was already given on line {{first}}',
      lineQuote: 'Line {{line}}: a quoted value is not closed',
      resolvedDateNeedsResolved: 'A resolution date is given only when the problem is resolved',
      resolvedBeforeOnset: 'The problem cannot be resolved before its onset',
      onsetInFuture: 'The onset cannot be in the future',
    },
  },
  success: {
    diagnoses: {
      imported: 'Code list imported',
      added: 'Diagnosis added',
      updated: 'Diagnosis updated',
      removed: 'Diagnosis removed',
      problemUpdated: 'Problem updated',
      problemAdded: 'Problem added',
    },
  },
} as const;

export const diagnosesAr: Shape<typeof diagnosesEn> = {
  errors: {
    diagnoses: {
      diagnosisNotFound: 'التشخيص غير موجود',
      problemNotFound: 'المشكلة غير موجودة',
      primaryTaken: 'لهذه الزيارة تشخيص رئيسي بالفعل؛ اجعله ثانوياً أولاً',
      repeated: 'هذا التشخيص مسجل لهذه الزيارة بالفعل',
      tooMany: 'لا يمكن أن تحمل الزيارة أكثر من {{max}} تشخيصاً',
      problemActive: 'هذه الحالة موجودة بالفعل في قائمة المشكلات النشطة',
      importRejected_zero: 'لا توجد صفوف غير صالحة',
      importRejected_one: 'صف واحد غير صالح؛ لم يُستورد شيء',
      importRejected_two: 'صفان غير صالحين؛ لم يُستورد شيء',
      importRejected_few: '{{count}} صفوف غير صالحة؛ لم يُستورد شيء',
      importRejected_many: '{{count}} صفاً غير صالح؛ لم يُستورد شيء',
      importRejected_other: '{{count}} صف غير صالح؛ لم يُستورد شيء',
    },
  },
  validation: {
    diagnoses: {
      codeRequired: 'اختر تشخيصاً',
      codeUnknown: 'رمز التشخيص هذا غير موجود في قائمة الرموز لديكم',
      systemRequired: 'نظام الترميز مطلوب',
      systemInvalid: 'يُكتب اسم نظام الترميز بحروف وأرقام ومسافات ونقاط وشرطات (40 حرفاً على الأكثر)',
      fileRequired: 'اختر ملف CSV',
      fileType: 'يجب أن يكون الملف نصاً بصيغة CSV (UTF-8)',
      fileTooLarge: 'حجم الملف أكبر من {{max}} ميغابايت',
      tooManyRows: 'في الملف أكثر من {{max}} صف',
      noRows: 'لا يحتوي الملف على رموز',
      lineColumns: 'السطر {{line}}: يُنتظر 3 أعمدة (الرمز، العنوان الإنجليزي، العنوان العربي)',
      lineCode: 'السطر {{line}}: الرمز مفقود أو غير صالح (حروف وأرقام ونقاط وشرطات، 16 حرفاً على الأكثر)',
      lineTitleEn: 'السطر {{line}}: العنوان الإنجليزي مفقود أو أطول من 300 حرف',
      lineTitleAr: 'السطر {{line}}: العنوان العربي مفقود أو أطول من 300 حرف',
      lineRepeated: 'السطر {{line}}: الرمز {{code}} ورد من قبل في السطر {{first}}',
      lineQuote: 'السطر {{line}}: قيمة بين علامتي تنصيص لم تُغلق',
      resolvedDateNeedsResolved: 'يُذكر تاريخ الشفاء فقط عندما تكون المشكلة محلولة',
      resolvedBeforeOnset: 'لا يمكن أن تُحل المشكلة قبل تاريخ بدايتها',
      onsetInFuture: 'لا يمكن أن يكون تاريخ البداية في المستقبل',
    },
  },
  success: {
    diagnoses: {
      imported: 'تم استيراد قائمة الرموز',
      added: 'تمت إضافة التشخيص',
      updated: 'تم تحديث التشخيص',
      removed: 'تم حذف التشخيص',
      problemUpdated: 'تم تحديث المشكلة',
      problemAdded: 'تمت إضافة المشكلة',
    },
  },
};
