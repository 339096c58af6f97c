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
    },
  },
  success: {
    eInvoices: {
      settingsSaved: 'E-invoicing settings saved.',
      stampSaved: 'The cryptographic stamp is saved: new documents are signed.',
    },
  },
  errors: {
    eInvoices: {
      qrTooLong: 'The invoice cannot carry a valid ZATCA QR code: the seller\'s details are too long. Shorten the seller name in the e-invoicing settings.',
      notFound: 'This document has no e-invoice: it was issued before e-invoicing was turned on.',
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
    },
  },
  success: {
    eInvoices: {
      settingsSaved: 'حُفظت إعدادات الفوترة الإلكترونية.',
      stampSaved: 'حُفظ الختم التشفيري: تُوقَّع المستندات الجديدة من الآن.',
    },
  },
  errors: {
    eInvoices: {
      qrTooLong: 'لا يمكن أن تحمل الفاتورة رمز QR صالحًا لهيئة الزكاة والضريبة والجمارك: بيانات البائع طويلة جدًا. اختصر اسم البائع في إعدادات الفوترة الإلكترونية.',
      notFound: 'لا توجد فاتورة إلكترونية لهذا المستند: فقد صدر قبل تفعيل الفوترة الإلكترونية.',
    },
  },
};
