/**
 * Messages of online booking: the public page, the one-time code, the clinic settings. Area helpers add their own
 * keys here (validation.onlineBooking, errors.onlineBooking, success.onlineBooking).
 */
import type { Shape } from './core.js';

export const onlineBookingEn = {
  visit: {
    move: {
      open: 'Choose another time',
      title: 'Choose another time',
      intro: 'Pick a day, then a free time. Your visit moves at once; the old time is freed.',
      previousMonth: 'Previous month',
      nextMonth: 'Next month',
      day: 'can be chosen',
      past: 'cannot be chosen',
      noTimes: 'No free time on this day. Choose another day.',
      zone: "Times are the clinic's local time ({{zone}}).",
      moveTo: 'Move my visit to {{time}}',
      keep: 'Keep my current time',
      moved: 'Done: your visit is now on {{date}} at {{time}}.',
      taken: 'That time was just taken. Choose another one.',
    },
  },
  validation: {
    onlineBooking: {
      modeInvalid: 'Choose to book at once or to ask the desk first',
      noticeInvalid: 'Minimum notice is a whole number of minutes from 0 to 43,200 (30 days)',
      horizonInvalid: 'Bookings can open from 1 to 365 days ahead',
      limitInvalid: 'A limit is a whole number from 1 to 50 a day and 200 a week',
      slugInvalid: 'Use 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit',
      codeInvalid: 'Enter the 6-digit code sent to your phone',
      timeInvalid: 'Choose one of the free times shown',
    },
  },
};

export const onlineBookingAr: Shape<typeof onlineBookingEn> = {
  visit: {
    move: {
      open: 'اختر وقتًا آخر',
      title: 'اختر وقتًا آخر',
      intro: 'اختر يومًا ثم وقتًا متاحًا. يُنقل موعدك فورًا ويُترك الوقت القديم لغيرك.',
      previousMonth: 'الشهر السابق',
      nextMonth: 'الشهر التالي',
      day: 'يمكن اختياره',
      past: 'لا يمكن اختياره',
      noTimes: 'لا يوجد وقت متاح في هذا اليوم. اختر يومًا آخر.',
      zone: 'الأوقات بالتوقيت المحلي للعيادة ({{zone}}).',
      moveTo: 'انقل موعدي إلى {{time}}',
      keep: 'أبقِ موعدي الحالي',
      moved: 'تم: موعدك الآن يوم {{date}} الساعة {{time}}.',
      taken: 'حُجز هذا الوقت للتو. اختر وقتًا آخر.',
    },
  },
  validation: {
    onlineBooking: {
      modeInvalid: 'اختر الحجز الفوري أو انتظار موافقة الاستقبال',
      noticeInvalid: 'الحد الأدنى للإشعار عدد صحيح من الدقائق بين 0 و43٬200 (30 يومًا)',
      horizonInvalid: 'يمكن فتح الحجز من يوم واحد حتى 365 يومًا مقدمًا',
      limitInvalid: 'الحد عدد صحيح من 1 إلى 50 في اليوم و200 في الأسبوع',
      slugInvalid: 'استخدم من 3 إلى 40 حرفًا لاتينيًا صغيرًا أو رقمًا أو شرطة، يبدأ وينتهي بحرف أو رقم',
      codeInvalid: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى هاتفك',
      timeInvalid: 'اختر أحد الأوقات المتاحة المعروضة',
    },
  },
};
