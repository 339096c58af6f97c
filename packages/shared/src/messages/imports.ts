/** Messages of imports. */
import type { Shape } from './core.js';

export const importsEn = {
  errors: {
    imports: {
      unreadable: 'The file cannot be read as CSV or Excel (XLSX): {{reason}}',
      encoding: 'The file is not in UTF-8 or UTF-16 (with a byte-order mark); save it again as "CSV UTF-8"',
      formula: 'The file holds a formula in cell {{cell}}; paste values only and upload it again',
      empty: 'The file has no rows under its header row, so nothing was imported',
      tooManyRows: 'The file has more than {{max}} rows; split it into smaller files',
      notReady: 'This import is {{status}} and cannot do that now',
      nothingValid: 'No row of this file can be imported; correct the file and upload it again',
      kindUnavailable: 'This kind of import is not available yet',
      inUse: 'This import cannot be undone: other records refer to its rows ({{appointments}} appointments, {{invoices}} invoices, {{encounters}} visits)',
      tooLarge: 'The file is larger than {{max}} MB',
      fileRequired: 'Choose a CSV or Excel file',
    },
  },
  validation: {
    imports: {
      kind: 'Choose what to import: patients, staff, services or appointments',
      required: 'This column is required and the row leaves it empty',
      columnMissing: 'No column is mapped to this required field',
      phone: 'Not a phone number of this country',
      date: 'Not a date (write 1990-05-12, 12/05/1990 or a Hijri date such as 1410/05/12 هـ)',
      dateFuture: 'The date of birth is in the future',
      gender: 'Write male or female (ذكر or أنثى)',
      email: 'Not an e-mail address',
      tooLong: 'The text is too long',
      sameIdentity: 'A patient with this identity number already exists ({{name}}, {{publicId}}); the row is skipped',
      sameIdentityInFile: 'Row {{row}} of the file has the same identity number; the row is skipped',
      samePhoneBirth: 'Likely the same patient as {{name}} ({{publicId}}): same mobile and date of birth',
      samePhoneBirthInFile: 'Likely the same patient as row {{row}}: same mobile and date of birth',
      clinicUnknown: 'No clinic of this organisation is named "{{name}}" (write its name or number)',
      patientUnknown: 'No patient (or more than one) has this number, identity number or mobile: "{{name}}"',
      serviceUnknown: 'The clinic {{clinic}} has no service named "{{name}}"',
      time: 'Not a time (write 14:30 or 2:30 PM)',
      appointmentPast: 'The appointment is in the past; only future appointments are imported',
      sameDoctorTimeInFile: 'Row {{row}} of the file books this doctor at the same time',
      doctorUnknown: 'No active doctor of this organisation is named "{{name}}" (write names separated by commas)',
    },
  },
  success: {
    imports: {
      checked: 'The file was checked',
      started: 'The import has started',
      undone: 'The import was undone',
    },
  },
};

export const importsAr: Shape<typeof importsEn> = {
  errors: {
    imports: {
      unreadable: 'تعذّرت قراءة الملف بصيغة CSV أو Excel ‏(XLSX): {{reason}}',
      encoding: 'ترميز الملف ليس UTF-8 ولا UTF-16 (مع علامة ترتيب البايتات)؛ احفظه مجددًا بصيغة "CSV UTF-8"',
      formula: 'يحتوي الملف على معادلة في الخلية {{cell}}؛ الصق القيم فقط ثم ارفعه مجددًا',
      empty: 'لا توجد صفوف تحت صف العناوين في الملف، فلم يُستورد شيء',
      tooManyRows: 'يحتوي الملف على أكثر من {{max}} صف؛ قسّمه إلى ملفات أصغر',
      notReady: 'حالة هذا الاستيراد {{status}} ولا يمكن تنفيذ ذلك الآن',
      nothingValid: 'لا يمكن استيراد أي صف من هذا الملف؛ صحّح الملف ثم ارفعه مجددًا',
      kindUnavailable: 'هذا النوع من الاستيراد غير متاح بعد',
      inUse: 'لا يمكن التراجع عن هذا الاستيراد: سجلات أخرى تشير إلى صفوفه ({{appointments}} موعد، {{invoices}} فاتورة، {{encounters}} زيارة)',
      tooLarge: 'حجم الملف أكبر من {{max}} ميغابايت',
      fileRequired: 'اختر ملف CSV أو Excel',
    },
  },
  validation: {
    imports: {
      kind: 'اختر ما تريد استيراده: المرضى أو الموظفين أو الخدمات أو المواعيد',
      required: 'هذا العمود مطلوب والصف يتركه فارغًا',
      columnMissing: 'لم يُربط أي عمود بهذا الحقل المطلوب',
      phone: 'ليس رقم هاتف صالحًا في هذا البلد',
      date: 'ليس تاريخًا (اكتب 1990-05-12 أو 12/05/1990 أو تاريخًا هجريًا مثل 1410/05/12 هـ)',
      dateFuture: 'تاريخ الميلاد في المستقبل',
      gender: 'اكتب ذكر أو أنثى (male أو female)',
      email: 'ليس بريدًا إلكترونيًا صالحًا',
      tooLong: 'النص طويل جدًا',
      sameIdentity: 'يوجد مريض بنفس رقم الهوية ({{name}}، {{publicId}})؛ سيُتخطّى الصف',
      sameIdentityInFile: 'الصف {{row}} من الملف له نفس رقم الهوية؛ سيُتخطّى الصف',
      samePhoneBirth: 'على الأرجح المريض نفسه {{name}} ({{publicId}}): نفس الجوال وتاريخ الميلاد',
      samePhoneBirthInFile: 'على الأرجح المريض نفسه في الصف {{row}}: نفس الجوال وتاريخ الميلاد',
      clinicUnknown: 'لا توجد عيادة في هذه المنشأة باسم "{{name}}" (اكتب اسمها أو رقمها)',
      patientUnknown: 'لا يوجد مريض (أو يوجد أكثر من مريض) بهذا الرقم أو رقم الهوية أو الجوال: "{{name}}"',
      serviceUnknown: 'لا توجد في عيادة {{clinic}} خدمة باسم "{{name}}"',
      time: 'ليس وقتًا (اكتب 14:30 أو 2:30 م)',
      appointmentPast: 'الموعد في الماضي؛ تُستورد المواعيد القادمة فقط',
      sameDoctorTimeInFile: 'الصف {{row}} من الملف يحجز هذا الطبيب في الوقت نفسه',
      doctorUnknown: 'لا يوجد طبيب نشط في هذه المنشأة باسم "{{name}}" (افصل بين الأسماء بفواصل)',
    },
  },
  success: {
    imports: {
      checked: 'تم فحص الملف',
      started: 'بدأ الاستيراد',
      undone: 'تم التراجع عن الاستيراد',
    },
  },
};
