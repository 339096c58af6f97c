/** Messages of the waiting room (staff side): the queue, calls, tickets, the clinic's settings, the patient's text. */
import type { Shape } from './core.js';

export const waitingRoomEn = {
  validation: {
    waitingRoom: {
      prefix: 'Use one to three capital letters (A to Z).',
      roomTooLong: 'Use at most 40 characters.',
      tooMany: 'Too many entries: at most 200.',
      displayNameTooLong: 'Use at most 60 characters.',
      pairingCode: 'Enter the code shown to the administrator.',
      notClinicDoctor: 'Choose doctors who work at this clinic.',
      notClinicService: 'Choose services of this clinic.',
    },
  },
  errors: {
    waitingRoom: {
      ticketNotFound: 'This ticket was not found.',
      noOneWaiting: 'No one is waiting to be called.',
      noOneWaitingFor: 'No one is waiting for {{doctor}}.',
      notInQueue: 'Number {{label}} is no longer in the queue ({{state}}).',
      tooManyStreams: 'This queue is already open in too many windows or screens. Close one of them and try again.',
      states: {
        waiting: 'waiting',
        called: 'called',
        skipped: 'skipped',
        in_consultation: 'in consultation',
        done: 'seen',
        left: 'left',
      },
    },
  },
  success: {
    waitingRoom: {
      called: 'Number {{label}} called.',
      recalled: 'Number {{label}} called again.',
      skipped: 'Number {{label}} skipped.',
      updated: 'Number {{label}} updated.',
      settingsSaved: 'Waiting-room settings saved.',
    },
  },
  waitingRoom: {
    text: '{{clinic}}: your number is {{label}}. Follow your place in the queue: {{link}}',
  },
};

export const waitingRoomAr: Shape<typeof waitingRoomEn> = {
  validation: {
    waitingRoom: {
      prefix: 'استخدم من حرف إلى ثلاثة أحرف لاتينية كبيرة (من A إلى Z).',
      roomTooLong: 'استخدم 40 حرفًا على الأكثر.',
      tooMany: 'عدد كبير جدًا من الإدخالات: 200 على الأكثر.',
      displayNameTooLong: 'استخدم 60 حرفًا على الأكثر.',
      pairingCode: 'أدخل الرمز الذي ظهر للمسؤول.',
      notClinicDoctor: 'اختر أطباء يعملون في هذه العيادة.',
      notClinicService: 'اختر خدمات هذه العيادة.',
    },
  },
  errors: {
    waitingRoom: {
      ticketNotFound: 'لم يُعثر على هذه التذكرة.',
      noOneWaiting: 'لا يوجد أحد في الانتظار.',
      noOneWaitingFor: 'لا يوجد أحد في انتظار {{doctor}}.',
      notInQueue: 'الرقم {{label}} لم يعد في قائمة الانتظار ({{state}}).',
      tooManyStreams: 'قائمة الانتظار هذه مفتوحة في نوافذ أو شاشات كثيرة. أغلق إحداها وحاول مرة أخرى.',
      states: {
        waiting: 'في الانتظار',
        called: 'تم النداء',
        skipped: 'تم التخطي',
        in_consultation: 'في الكشف',
        done: 'انتهت الزيارة',
        left: 'غادر',
      },
    },
  },
  success: {
    waitingRoom: {
      called: 'تم نداء الرقم {{label}}.',
      recalled: 'تم نداء الرقم {{label}} مرة أخرى.',
      skipped: 'تم تخطي الرقم {{label}}.',
      updated: 'تم تحديث الرقم {{label}}.',
      settingsSaved: 'تم حفظ إعدادات قاعة الانتظار.',
    },
  },
  waitingRoom: {
    text: '{{clinic}}: رقمك {{label}}. تابع دورك في قائمة الانتظار: {{link}}',
  },
};
