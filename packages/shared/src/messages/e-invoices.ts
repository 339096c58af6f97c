/** Messages of Saudi e-invoicing (ZATCA): the QR code, the document's XML, the settings. */
import type { Shape } from './core.js';

export const eInvoicesEn = {
  validation: {
    eInvoices: {
      tooLong: 'This is too long.',
      vatNumber: 'Enter the 15-digit VAT number: it starts and ends with 3.',
      buildingNumber: 'Enter the 4-digit building number.',
      postalCode: 'Enter the 5-digit postal code.',
      stampKey: 'This is not a private key on the secp256k1 curve (PEM), or the certificate does not belong to it.',
      otp: 'Enter the 6-digit one-time password from the Fatoora portal.',
    },
  },
  success: {
    eInvoices: {
      settingsSaved: 'E-invoicing settings saved.',
      stampSaved: 'The cryptographic stamp is saved: new documents are signed.',
      onboarded: 'Onboarded with ZATCA: new documents are signed and sent to the authority.',
      submissionRetried: 'The document will be sent again now.',
    },
  },
  errors: {
    eInvoices: {
      qrTooLong: 'The invoice cannot carry a valid ZATCA QR code: the seller\'s details are too long. Shorten the seller name in the e-invoicing settings.',
      notFound: 'This document has no e-invoice: it was issued before e-invoicing was turned on.',
      notConfigured: 'Turn e-invoicing on and save the seller\'s VAT number first.',
      authorityRefused: 'ZATCA refused the request: {{reason}}',
      authorityUnreachable: 'ZATCA could not be reached. Nothing was changed; try again later.',
      complianceFailed: 'The compliance checks did not pass: {{reason}}',
      submissionNotFound: 'This submission no longer exists.',
      submissionNotRetryable: 'Only a submission that failed can be sent again.',
      keyUnreadable: 'The e-invoicing key was sealed under another server secret and cannot be read: onboard with ZATCA again on the E-invoicing page.',
      notOnboardedToSend: 'Not onboarded with ZATCA: onboard on the E-invoicing page, then send it again.',
      noAnswerInTime: 'ZATCA did not answer in time.',
      connectionFailed: 'ZATCA could not be reached: the connection failed.',
      answerTooLarge: 'ZATCA\'s answer was too large to read.',
      authorityError: 'ZATCA failed on its side (HTTP {{status}}).',
      sendFailed: 'Sending failed on this server; its log has the details.',
    },
  },
};

export const eInvoicesAr: Shape<typeof eInvoicesEn> = {
  validation: {
    eInvoices: {
      tooLong: 'هذا أطول من المسموح.',
      vatNumber: 'أدخل الرقم الضريبي المكوّن من 15 رقمًا: يبدأ بالرقم 3 وينتهي به.',
      buildingNumber: 'أدخل رقم المبنى المكوّن من 4 أرقام.',
      postalCode: 'أدخل الرمز البريدي المكوّن من 5 أرقام.',
      stampKey: 'هذا ليس مفتاحًا خاصًا على منحنى secp256k1 بصيغة PEM، أو أن الشهادة لا تخص هذا المفتاح.',
      otp: 'أدخل كلمة المرور المؤقتة المكوّنة من 6 أرقام من بوابة فاتورة.',
    },
  },
  success: {
    eInvoices: {
      settingsSaved: 'حُفظت إعدادات الفوترة الإلكترونية.',
      stampSaved: 'حُفظ الختم التشفيري: تُوقَّع المستندات الجديدة من الآن.',
      onboarded: 'اكتمل الربط مع هيئة الزكاة والضريبة والجمارك: تُوقَّع المستندات الجديدة وتُرسل إلى الهيئة.',
      submissionRetried: 'سيُعاد إرسال المستند الآن.',
    },
  },
  errors: {
    eInvoices: {
      qrTooLong: 'لا يمكن أن تحمل الفاتورة رمز QR صالحًا لهيئة الزكاة والضريبة والجمارك: بيانات البائع طويلة جدًا. اختصر اسم البائع في إعدادات الفوترة الإلكترونية.',
      notFound: 'لا توجد فاتورة إلكترونية لهذا المستند: فقد صدر قبل تفعيل الفوترة الإلكترونية.',
      notConfigured: 'فعّل الفوترة الإلكترونية واحفظ الرقم الضريبي للبائع أولًا.',
      authorityRefused: 'رفضت هيئة الزكاة والضريبة والجمارك الطلب: {{reason}}',
      authorityUnreachable: 'تعذّر الوصول إلى هيئة الزكاة والضريبة والجمارك. لم يتغير شيء؛ حاول لاحقًا.',
      complianceFailed: 'لم تنجح فحوص المطابقة: {{reason}}',
      submissionNotFound: 'لم يعد هذا الإرسال موجودًا.',
      submissionNotRetryable: 'لا يُعاد إلا إرسال فشل.',
      keyUnreadable: 'مفتاح الفوترة الإلكترونية مشفّر بسرّ خادم آخر ولا يمكن قراءته: أعد الربط مع هيئة الزكاة والضريبة والجمارك من صفحة الفوترة الإلكترونية.',
      notOnboardedToSend: 'لم يتم الربط مع هيئة الزكاة والضريبة والجمارك: اربط من صفحة الفوترة الإلكترونية ثم أعد الإرسال.',
      noAnswerInTime: 'لم تُجب هيئة الزكاة والضريبة والجمارك في الوقت المحدد.',
      connectionFailed: 'تعذّر الوصول إلى هيئة الزكاة والضريبة والجمارك: فشل الاتصال.',
      answerTooLarge: 'ردّ هيئة الزكاة والضريبة والجمارك أكبر من أن يُقرأ.',
      authorityError: 'حدث خطأ لدى هيئة الزكاة والضريبة والجمارك (HTTP {{status}}).',
      sendFailed: 'فشل الإرسال على هذا الخادم؛ التفاصيل في سجلّه.',
    },
  },
};
