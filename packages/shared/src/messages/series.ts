/**
 * Messages of recurring series, the waitlist, service buffers and deliberate overbooking.
 */
import type { Shape } from './core.js';

export const seriesEn = {
  validation: {
    series: {
      bufferInvalid: 'A buffer must be a whole number of minutes from 0 to 240',
      frequencyInvalid: 'Repeat daily or weekly',
      intervalInvalid: 'Repeat every 1 to 52 days or weeks',
      weekdaysInvalid: 'Choose weekdays from Monday to Sunday',
      endRequired: 'End the series after a number of occurrences or on a date, not both',
      countInvalid: 'A series has from 2 to {{max}} occurrences',
      untilInvalid: 'Use an end date such as 2026-06-30, on or after the first occurrence',
      tooManyOccurrences: 'This repeat gives more than {{max}} occurrences; end it sooner',
      untilTooFar: 'A series can end at most {{days}} days after its first occurrence',
      noOccurrences: 'This repeat gives no occurrence',
      scopeInvalid: 'The scope must be this, following or all',
      occurrenceRequired: 'Choose the occurrence the change starts from',
      weekdayList: 'Weekdays are numbers from 0 (Monday) to 6 (Sunday)',
      timeOfDay: 'Use a time such as 09:30',
      windowOrder: 'The end of the window must be after its start',
      priorityInvalid: 'The priority must be 0 (routine), 1 (soon) or 2 (urgent)',
    },
  },
  errors: {
    series: {
      notFound: 'The series was not found',
      nothingFree: 'No occurrence of this series can be booked: see the reason for each in the preview',
      occurrenceNotInSeries: 'That appointment is not an occurrence of this series',
      nothingToChange: 'No occurrence in this scope can still be changed',
      occurrenceRefused: 'The occurrence on {{date}} cannot be moved: {{reason}}',
      overbookNotAllowed: 'You are not allowed to book on top of another appointment',
    },
    waitlist: {
      notFound: 'The waitlist entry was not found',
      notOpen: 'This waitlist entry is no longer open (it was booked or closed)',
      slotNotFree: 'This appointment\'s slot is not free: only a cancelled or no-show appointment frees its time',
    },
  },
  success: {
    series: {
      booked_one: '1 appointment booked, {{refused}} refused',
      booked_other: '{{count}} appointments booked, {{refused}} refused',
      cancelled_one: '1 appointment cancelled',
      cancelled_other: '{{count}} appointments cancelled',
      moved_one: '1 appointment moved',
      moved_other: '{{count}} appointments moved',
    },
    waitlist: {
      added: 'Added to the waitlist',
      booked: 'Booked from the waitlist',
      closed: 'Waitlist entry closed',
    },
  },
} as const;

export const seriesAr: Shape<typeof seriesEn> = {
  validation: {
    series: {
      bufferInvalid: 'يجب أن تكون الفترة الفاصلة عددًا صحيحًا من الدقائق بين 0 و240',
      frequencyInvalid: 'اختر التكرار يوميًا أو أسبوعيًا',
      intervalInvalid: 'اختر التكرار كل 1 إلى 52 يومًا أو أسبوعًا',
      weekdaysInvalid: 'اختر أيامًا من الإثنين إلى الأحد',
      endRequired: 'أنهِ السلسلة بعد عدد من المواعيد أو في تاريخ محدد، وليس بالاثنين معًا',
      countInvalid: 'تضم السلسلة من 2 إلى {{max}} موعدًا',
      untilInvalid: 'استخدم تاريخ نهاية مثل 2026-06-30، في يوم أول موعد أو بعده',
      tooManyOccurrences: 'ينتج هذا التكرار أكثر من {{max}} موعدًا؛ اجعل نهايته أقرب',
      untilTooFar: 'يمكن أن تنتهي السلسلة بعد أول موعد بـ {{days}} يومًا على الأكثر',
      noOccurrences: 'لا ينتج هذا التكرار أي موعد',
      scopeInvalid: 'يجب أن يكون النطاق: هذا الموعد، أو هذا وما بعده، أو الكل',
      occurrenceRequired: 'اختر الموعد الذي يبدأ منه التغيير',
      weekdayList: 'أيام الأسبوع أرقام من 0 (الإثنين) إلى 6 (الأحد)',
      timeOfDay: 'استخدم وقتًا مثل 09:30',
      windowOrder: 'يجب أن تكون نهاية الفترة بعد بدايتها',
      priorityInvalid: 'يجب أن تكون الأولوية 0 (عادية) أو 1 (قريبة) أو 2 (عاجلة)',
    },
  },
  errors: {
    series: {
      notFound: 'السلسلة غير موجودة',
      nothingFree: 'لا يمكن حجز أي موعد من هذه السلسلة: راجع سبب كل موعد في المعاينة',
      occurrenceNotInSeries: 'هذا الموعد ليس من مواعيد هذه السلسلة',
      nothingToChange: 'لا يوجد في هذا النطاق موعد يمكن تغييره',
      occurrenceRefused: 'لا يمكن نقل موعد يوم {{date}}: {{reason}}',
      overbookNotAllowed: 'لا يحق لك الحجز فوق موعد آخر',
    },
    waitlist: {
      notFound: 'طلب قائمة الانتظار غير موجود',
      notOpen: 'لم يعد طلب قائمة الانتظار هذا مفتوحًا (تم حجزه أو إغلاقه)',
      slotNotFree: 'وقت هذا الموعد غير متاح: يتحرر الوقت فقط بإلغاء الموعد أو بعدم حضور المريض',
    },
  },
  success: {
    series: {
      booked_zero: 'لم يُحجز أي موعد، ورُفض {{refused}}',
      booked_one: 'تم حجز موعد واحد، ورُفض {{refused}}',
      booked_two: 'تم حجز موعدين، ورُفض {{refused}}',
      booked_few: 'تم حجز {{count}} مواعيد، ورُفض {{refused}}',
      booked_many: 'تم حجز {{count}} موعدًا، ورُفض {{refused}}',
      booked_other: 'تم حجز {{count}} موعد، ورُفض {{refused}}',
      cancelled_zero: 'لم يُلغَ أي موعد',
      cancelled_one: 'تم إلغاء موعد واحد',
      cancelled_two: 'تم إلغاء موعدين',
      cancelled_few: 'تم إلغاء {{count}} مواعيد',
      cancelled_many: 'تم إلغاء {{count}} موعدًا',
      cancelled_other: 'تم إلغاء {{count}} موعد',
      moved_zero: 'لم يُنقل أي موعد',
      moved_one: 'تم نقل موعد واحد',
      moved_two: 'تم نقل موعدين',
      moved_few: 'تم نقل {{count}} مواعيد',
      moved_many: 'تم نقل {{count}} موعدًا',
      moved_other: 'تم نقل {{count}} موعد',
    },
    waitlist: {
      added: 'تمت الإضافة إلى قائمة الانتظار',
      booked: 'تم الحجز من قائمة الانتظار',
      closed: 'تم إغلاق طلب قائمة الانتظار',
    },
  },
};
