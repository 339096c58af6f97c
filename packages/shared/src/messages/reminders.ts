import type { Shape } from './core.js';

/** Reminders sent to patients, the patient's confirm/cancel page, staff notifications and the outbox. */
export const remindersEn = {
  reminders: {
    subject: 'Reminder: your appointment at {{clinic}} on {{date}}',
    greeting: 'Dear {{patient}},',
    intro: 'This is a reminder of your appointment.',
    when: 'When',
    zone: 'Time zone',
    clinic: 'Clinic',
    address: 'Address',
    map: 'Open the map',
    doctor: 'Doctor',
    service: 'Service',
    manage: 'Confirm or cancel your appointment',
    manageHint: 'This link works until the appointment starts.',
    closing: 'We look forward to seeing you.',
    sms: '{{clinic}}: reminder of your appointment with {{doctor}} on {{date}} at {{time}} ({{zone}}). Confirm or cancel: {{link}}',
    calendarTitle: 'Appointment at {{clinic}} with {{doctor}}',
    skipped: {
      emailOff: 'E-mail is not configured on this server (SMTP_URL).',
      smsOff: 'SMS is not configured on this server (SMS_GATEWAY_URL).',
      noEmail: 'The patient has no e-mail address.',
      noPhone: 'The patient has no phone number.',
      clinicOff: 'Reminders are off for this clinic.',
    },
  },
  success: {
    reminders: {
      settingsSaved: 'Reminder settings saved.',
      retried: 'The reminder will be sent again.',
      visitConfirmed: 'Thank you: your appointment is confirmed.',
      visitCancelled: 'Your appointment is cancelled.',
      allRead: 'All notifications marked as read.',
      read: 'Notification marked as read.',
    },
  },
  errors: {
    reminders: {
      linkInvalid: 'This link is not valid. Please use the link from your latest message.',
      linkExpired: 'This link has expired.',
      linkUsed: 'This link has already been used.',
      appointmentClosed: 'This appointment can no longer be changed online. Please call the clinic.',
      notRetryable: 'Only a failed or skipped reminder can be sent again.',
      reminderNotFound: 'Reminder not found.',
      notificationNotFound: 'Notification not found.',
    },
  },
  validation: {
    reminders: {
      channelInvalid: 'Choose e-mail or SMS.',
      leadHoursInvalid: 'Lead times are whole hours between 1 and 336.',
      reasonRequired: 'Please tell us why you cancel.',
    },
  },
  notifications: {
    appointment_booked: '{{actor}} booked {{patient}} with {{doctor}} on {{when}}',
    appointment_moved: '{{actor}} moved {{patient}}\'s appointment to {{when}}',
    appointment_cancelled: '{{actor}} cancelled {{patient}}\'s appointment on {{when}}',
    appointment_confirmed: '{{patient}} confirmed the appointment on {{when}}',
    no_show: '{{patient}} did not come on {{when}}',
    reminder_failed: 'A reminder to {{patient}} ({{channel}}) could not be sent',
    patient: 'the patient',
    byPatient: {
      appointment_cancelled: '{{patient}} cancelled the appointment on {{when}} through the reminder link',
    },
  },
} as const;

export const remindersAr: Shape<typeof remindersEn> = {
  reminders: {
    subject: 'تذكير: موعدك في {{clinic}} يوم {{date}}',
    greeting: 'عزيزنا {{patient}}،',
    intro: 'نذكّرك بموعدك القادم.',
    when: 'الموعد',
    zone: 'المنطقة الزمنية',
    clinic: 'العيادة',
    address: 'العنوان',
    map: 'افتح الخريطة',
    doctor: 'الطبيب',
    service: 'الخدمة',
    manage: 'أكّد موعدك أو ألغه',
    manageHint: 'يعمل هذا الرابط حتى بداية الموعد.',
    closing: 'نتطلع لرؤيتك.',
    sms: '{{clinic}}: تذكير بموعدك مع {{doctor}} يوم {{date}} الساعة {{time}} ({{zone}}). للتأكيد أو الإلغاء: {{link}}',
    calendarTitle: 'موعد في {{clinic}} مع {{doctor}}',
    skipped: {
      emailOff: 'البريد الإلكتروني غير مُعدّ على هذا الخادم (SMTP_URL).',
      smsOff: 'الرسائل النصية غير مُعدّة على هذا الخادم (SMS_GATEWAY_URL).',
      noEmail: 'لا يوجد بريد إلكتروني للمريض.',
      noPhone: 'لا يوجد رقم هاتف للمريض.',
      clinicOff: 'التذكيرات متوقفة لهذه العيادة.',
    },
  },
  success: {
    reminders: {
      settingsSaved: 'تم حفظ إعدادات التذكير.',
      retried: 'سيُعاد إرسال التذكير.',
      visitConfirmed: 'شكرًا لك: تم تأكيد موعدك.',
      visitCancelled: 'تم إلغاء موعدك.',
      allRead: 'تم تعليم كل الإشعارات كمقروءة.',
      read: 'تم تعليم الإشعار كمقروء.',
    },
  },
  errors: {
    reminders: {
      linkInvalid: 'هذا الرابط غير صالح. يرجى استخدام الرابط من أحدث رسالة.',
      linkExpired: 'انتهت صلاحية هذا الرابط.',
      linkUsed: 'تم استخدام هذا الرابط من قبل.',
      appointmentClosed: 'لم يعد من الممكن تغيير هذا الموعد عبر الإنترنت. يرجى الاتصال بالعيادة.',
      notRetryable: 'يمكن إعادة إرسال التذكير الفاشل أو المتخطّى فقط.',
      reminderNotFound: 'التذكير غير موجود.',
      notificationNotFound: 'الإشعار غير موجود.',
    },
  },
  validation: {
    reminders: {
      channelInvalid: 'اختر البريد الإلكتروني أو الرسائل النصية.',
      leadHoursInvalid: 'أوقات التذكير ساعات كاملة بين 1 و336.',
      reasonRequired: 'يرجى ذكر سبب الإلغاء.',
    },
  },
  notifications: {
    appointment_booked: 'حجز {{actor}} موعدًا لـ {{patient}} مع {{doctor}} في {{when}}',
    appointment_moved: 'نقل {{actor}} موعد {{patient}} إلى {{when}}',
    appointment_cancelled: 'ألغى {{actor}} موعد {{patient}} في {{when}}',
    appointment_confirmed: 'أكّد {{patient}} الموعد في {{when}}',
    no_show: 'لم يحضر {{patient}} موعد {{when}}',
    reminder_failed: 'تعذّر إرسال تذكير إلى {{patient}} ({{channel}})',
    patient: 'المريض',
    byPatient: {
      appointment_cancelled: 'ألغى {{patient}} الموعد في {{when}} عبر رابط التذكير',
    },
  },
};
