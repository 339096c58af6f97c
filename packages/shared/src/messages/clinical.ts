/**
 * Messages of the clinical record's encounter and its note.
 */
import type { Shape } from './core.js';

export const clinicalEn = {
  validation: {
    clinical: {
      keyInvalid: 'Use a short key of letters and digits starting with a small letter, such as chiefComplaint',
      keyDuplicate: 'This key is used twice; each must be unique',
      labelRequired: 'Enter the label in English and in Arabic',
      fieldTypeInvalid: 'The field type must be text, number, choice, checklist, date or body side',
      sectionEmpty: 'A section needs at least one field',
      templateEmpty: 'A template needs at least one section',
      optionsRequired: 'A choice or checklist needs its options',
      boundsOrder: 'The largest value must not be below the smallest',
      unknownField: 'This answer belongs to no field of the note\'s template',
      textExpected: 'Enter text',
      numberExpected: 'Enter a number',
      numberRange: 'Enter a number from {{min}} to {{max}}',
      choiceInvalid: 'Choose from the options given',
      dateInvalid: 'Use a date such as 2026-06-30',
      bodySideInvalid: 'Choose left, right, both or midline',
      fieldRequired: 'Fill this in before signing',
      patientRequired: 'Choose the patient',
      passwordRequired: 'Enter your password to sign',
      reasonRequired: 'Give the reason',
      addendumRequired: 'Write the addendum',
      encounterOfPatient: 'No encounter of this patient has this reference; open the record from the patient\'s visit',
    },
  },
  errors: {
    clinical: {
      encounterNotFound: 'The encounter was not found',
      templateNotFound: 'The note template was not found',
      notOpenable: 'An encounter cannot be opened for a {{status}} appointment',
      noteSigned: 'This note is signed and can no longer be changed; add an addendum instead',
      noteNotSigned: 'Addenda are added to a signed note; edit the draft instead',
      sensitive: 'This note is marked sensitive. Give a reason to open it; your access is recorded and administrators are told',
      sensitiveRecord: 'This visit\'s note is marked sensitive: open it with a reason before changing what was recorded at it',
      sensitiveRead: 'This was recorded at a visit whose note is marked sensitive. Open the visit with a reason to see it; your access is recorded and administrators are told',
      sensitiveMark: 'Only the visit\'s doctor removes the sensitive mark from its note',
      passwordWrong: 'The password is not correct; the note was not signed',
      notNoteDoctor: 'Only the visit\'s doctor, {{name}}, signs this note',
      noteIncomplete: 'Fill in the required fields before signing',
      noteChanged: 'This note was saved elsewhere meanwhile. Both versions are kept: choose which to keep.',
      notAnEmployee: 'Only a staff member can open an encounter',
    },
  },
  success: {
    clinical: {
      encounterOpened: 'Encounter opened',
      noteSaved: 'Draft saved',
      noteSigned: 'Note signed',
      addendumAdded: 'Addendum added',
      templateCreated: 'Template created',
      templateUpdated: 'Template updated',
    },
  },
  notifications: {
    sensitive_note_opened: '{{actor}} opened the sensitive note of {{patient}}: {{reason}}',
  },
};

export const clinicalAr: Shape<typeof clinicalEn> = {
  validation: {
    clinical: {
      keyInvalid: 'استخدم مفتاحًا قصيرًا من حروف لاتينية وأرقام يبدأ بحرف صغير، مثل chiefComplaint',
      keyDuplicate: 'هذا المفتاح مستخدم مرتين؛ يجب أن يكون كل مفتاح فريدًا',
      labelRequired: 'أدخل التسمية بالإنجليزية والعربية',
      fieldTypeInvalid: 'نوع الحقل يجب أن يكون نصًا أو رقمًا أو اختيارًا أو قائمة تحقق أو تاريخًا أو جهة الجسم',
      sectionEmpty: 'يحتاج القسم إلى حقل واحد على الأقل',
      templateEmpty: 'يحتاج القالب إلى قسم واحد على الأقل',
      optionsRequired: 'يحتاج الاختيار أو قائمة التحقق إلى خيارات',
      boundsOrder: 'يجب ألا تقل القيمة العليا عن الدنيا',
      unknownField: 'هذه الإجابة لا تخص أي حقل في قالب الملاحظة',
      textExpected: 'أدخل نصًا',
      numberExpected: 'أدخل رقمًا',
      numberRange: 'أدخل رقمًا من {{min}} إلى {{max}}',
      choiceInvalid: 'اختر من الخيارات المتاحة',
      dateInvalid: 'استخدم تاريخًا مثل 2026-06-30',
      bodySideInvalid: 'اختر يسار أو يمين أو كلاهما أو الخط الأوسط',
      fieldRequired: 'املأ هذا الحقل قبل التوقيع',
      patientRequired: 'اختر المريض',
      passwordRequired: 'أدخل كلمة المرور للتوقيع',
      reasonRequired: 'اذكر السبب',
      addendumRequired: 'اكتب الملحق',
      encounterOfPatient: 'لا توجد زيارة سريرية لهذا المريض بهذا المرجع؛ افتح السجل من زيارة المريض',
    },
  },
  errors: {
    clinical: {
      encounterNotFound: 'لم يتم العثور على الزيارة السريرية',
      templateNotFound: 'لم يتم العثور على قالب الملاحظة',
      notOpenable: 'لا يمكن فتح زيارة سريرية لموعد {{status}}',
      noteSigned: 'هذه الملاحظة موقّعة ولا يمكن تغييرها؛ أضف ملحقًا بدلًا من ذلك',
      noteNotSigned: 'تُضاف الملاحق إلى ملاحظة موقّعة؛ عدّل المسودة بدلًا من ذلك',
      sensitive: 'هذه الملاحظة مصنفة حساسة. اذكر سببًا لفتحها؛ يُسجَّل وصولك ويُبلَّغ المسؤولون',
      sensitiveRecord: 'ملاحظة هذه الزيارة مصنفة حساسة: افتحها مع ذكر السبب قبل تغيير ما سُجّل فيها',
      sensitiveRead: 'سُجّل هذا في زيارة ملاحظتها مصنفة حساسة. افتح الزيارة مع ذكر السبب لرؤيته؛ يُسجَّل وصولك ويُبلَّغ المسؤولون',
      sensitiveMark: 'لا يزيل علامة الحساسية عن ملاحظة الزيارة إلا طبيبها',
      passwordWrong: 'كلمة المرور غير صحيحة؛ لم تُوقَّع الملاحظة',
      notNoteDoctor: 'لا يوقّع هذه الملاحظة إلا طبيب الزيارة، {{name}}',
      noteIncomplete: 'املأ الحقول المطلوبة قبل التوقيع',
      noteChanged: 'حُفظت هذه الملاحظة من مكان آخر في هذه الأثناء. النسختان محفوظتان: اختر ما تريد الاحتفاظ به.',
      notAnEmployee: 'يفتح الزيارة السريرية أحد أفراد الطاقم فقط',
    },
  },
  success: {
    clinical: {
      encounterOpened: 'تم فتح الزيارة السريرية',
      noteSaved: 'تم حفظ المسودة',
      noteSigned: 'تم توقيع الملاحظة',
      addendumAdded: 'تمت إضافة الملحق',
      templateCreated: 'تم إنشاء القالب',
      templateUpdated: 'تم تحديث القالب',
    },
  },
  notifications: {
    sensitive_note_opened: 'فتح {{actor}} الملاحظة الحساسة للمريض {{patient}}: {{reason}}',
  },
};
