/**
 * Messages of online booking: the public page, the one-time code, the clinic settings. Area helpers add their own
 * keys here (validation.onlineBooking, errors.onlineBooking, success.onlineBooking).
 */
import type { Shape } from './core.js';

export const onlineBookingEn = {
  validation: {
    onlineBooking: {
      modeInvalid: 'Choose to book at once or to ask the desk first',
      noticeInvalid: 'Minimum notice is a whole number of minutes from 0 to 43,200 (30 days)',
      horizonInvalid: 'Bookings can open from 1 to 365 days ahead',
      limitInvalid: 'A limit is a whole number from 1 to 50 a day and 200 a week',
      slugInvalid: 'Use 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit',
      codeInvalid: 'Enter the 6-digit code sent to your phone',
      timeInvalid: 'Choose one of the free times shown',
      serviceNotInClinic: 'Choose services of this clinic',
      doctorNotInClinic: 'Choose doctors who work at this clinic',
      weekBelowDay: 'The weekly limit cannot be below the daily one',
      slugTaken: 'This address is taken by another organisation; choose another',
    },
  },
  success: {
    onlineBooking: {
      settingsSaved: 'Online booking settings saved',
      pageSaved: 'Booking address saved',
    },
  },
  notifications: {
    online_booking: 'Booked online: {{patient}} with {{doctor}} at {{clinic}}, {{when}}',
    online_booking_requested: 'Online request to accept: {{patient}} with {{doctor}} at {{clinic}}, {{when}}',
  },
};

export const onlineBookingAr: Shape<typeof onlineBookingEn> = {
  validation: {
    onlineBooking: {
      modeInvalid: 'اختر الحجز الفوري أو انتظار موافقة الاستقبال',
      noticeInvalid: 'الحد الأدنى للإشعار عدد صحيح من الدقائق بين 0 و43٬200 (30 يومًا)',
      horizonInvalid: 'يمكن فتح الحجز من يوم واحد حتى 365 يومًا مقدمًا',
      limitInvalid: 'الحد عدد صحيح من 1 إلى 50 في اليوم و200 في الأسبوع',
      slugInvalid: 'استخدم من 3 إلى 40 حرفًا لاتينيًا صغيرًا أو رقمًا أو شرطة، يبدأ وينتهي بحرف أو رقم',
      codeInvalid: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى هاتفك',
      timeInvalid: 'اختر أحد الأوقات المتاحة المعروضة',
      serviceNotInClinic: 'اختر خدمات هذه العيادة',
      doctorNotInClinic: 'اختر أطباء يعملون في هذه العيادة',
      weekBelowDay: 'لا يمكن أن يقل الحد الأسبوعي عن الحد اليومي',
      slugTaken: 'هذا العنوان مستخدم لدى منشأة أخرى؛ اختر عنوانًا آخر',
    },
  },
  success: {
    onlineBooking: {
      settingsSaved: 'حُفظت إعدادات الحجز الإلكتروني',
      pageSaved: 'حُفظ عنوان صفحة الحجز',
    },
  },
  notifications: {
    online_booking: 'حجز إلكتروني: {{patient}} مع {{doctor}} في {{clinic}}، {{when}}',
    online_booking_requested: 'طلب حجز إلكتروني بانتظار القبول: {{patient}} مع {{doctor}} في {{clinic}}، {{when}}',
  },
};
