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
      loadingDays: 'Looking for free days…',
      noDays: 'No free day this month. Try the next one.',
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
  visit: {
    move: {
      open: 'اختر وقتًا آخر',
      title: 'اختر وقتًا آخر',
      intro: 'اختر يومًا ثم وقتًا متاحًا. يُنقل موعدك فورًا ويُترك الوقت القديم لغيرك.',
      previousMonth: 'الشهر السابق',
      nextMonth: 'الشهر التالي',
      day: 'يمكن اختياره',
      past: 'لا يمكن اختياره',
      loadingDays: 'جارٍ البحث عن الأيام المتاحة…',
      noDays: 'لا يوجد يوم متاح في هذا الشهر. جرّب الشهر التالي.',
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

/**
 * The public booking page's own messages (modules/online-booking): its refusals, the limits (counted texts in all
 * Arabic plural forms), the one-time code's text and what the page says when a booking or a move went through.
 */
export const onlineBookingPublicEn = {
  errors: {
    bookingPage: {
      pageNotFound: 'There is no booking page at this address',
      offerNotFound: 'This clinic, service or doctor cannot be booked online; please choose another',
      noTextChannel: 'Online booking needs text messages to send the code, and they are not set up yet. Please call the clinic to book.',
      codeNotSent: 'The code could not be sent just now. Please try again in a few minutes.',
      codesPerPhone_one: 'Too many codes were asked for this number. Please try again in 1 minute.',
      codesPerPhone_other: 'Too many codes were asked for this number. Please try again in {{count}} minutes.',
      codesPerAddress_one: 'Too many codes were asked from this connection. Please try again in 1 minute.',
      codesPerAddress_other: 'Too many codes were asked from this connection. Please try again in {{count}} minutes.',
      codesPerOrganisation_one: 'Online booking is very busy just now. Please try again in 1 minute, or call the clinic to book.',
      codesPerOrganisation_other: 'Online booking is very busy just now. Please try again in {{count}} minutes, or call the clinic to book.',
      noOnlineClinic: 'This organisation does not take bookings online at the moment. Please call the clinic to book.',
      notBookableOnline: 'We could not book this visit online. Please call the clinic to book.',
      codeWrong_one: 'That code is not right. 1 try left.',
      codeWrong_other: 'That code is not right. {{count}} tries left.',
      codeExpired: 'This code has expired. Please ask for a new one.',
      codeTriesExhausted: 'Too many wrong tries for this code. Please ask for a new one.',
      codeUsed: 'This code was already used for a booking. Please ask for a new one to book again.',
      perDay_one: 'This number has already made 1 online booking at this clinic in the last 24 hours, the most allowed. Please call the clinic to book more.',
      perDay_other: 'This number has already made {{count}} online bookings at this clinic in the last 24 hours, the most allowed. Please call the clinic to book more.',
      perWeek_one: 'This number has already made 1 online booking at this clinic in the last 7 days, the most allowed. Please call the clinic to book more.',
      perWeek_other: 'This number has already made {{count}} online bookings at this clinic in the last 7 days, the most allowed. Please call the clinic to book more.',
      slotTaken: 'This time was just taken. Please choose another.',
      visitNotMovable: 'This visit can no longer be moved online. Please call the clinic.',
      movesUsed: 'This visit has already been moved twice online, the most allowed. To change it again, please call the clinic.',
    },
  },
  validation: {
    bookingPage: {
      rangeTooLong: 'Ask for at most 62 days at a time',
      rangeReversed: 'The last day comes before the first',
    },
  },
  success: {
    bookingPage: {
      codeSent: 'A code was sent to your phone',
      booked: 'Your visit is booked',
      requested: 'Your request was sent; the clinic will confirm it',
      moved: 'Your visit was moved',
    },
  },
  bookingPage: {
    codeText: 'Your booking code for {{organisation}}: {{code}}. It is valid for 5 minutes. Never share it.',
  },
};

export const onlineBookingPublicAr: Shape<typeof onlineBookingPublicEn> = {
  errors: {
    bookingPage: {
      pageNotFound: 'لا توجد صفحة حجز على هذا العنوان',
      offerNotFound: 'لا يمكن حجز هذه العيادة أو الخدمة أو الطبيب عبر الإنترنت؛ يرجى اختيار غيرها',
      noTextChannel: 'يحتاج الحجز عبر الإنترنت إلى الرسائل النصية لإرسال الرمز، ولم تُفعَّل بعد. يرجى الاتصال بالعيادة للحجز.',
      codeNotSent: 'تعذّر إرسال الرمز الآن. يرجى المحاولة مرة أخرى بعد بضع دقائق.',
      codesPerPhone_zero: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد لحظات.',
      codesPerPhone_one: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد دقيقة واحدة.',
      codesPerPhone_two: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد دقيقتين.',
      codesPerPhone_few: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد {{count}} دقائق.',
      codesPerPhone_many: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة.',
      codesPerPhone_other: 'طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة.',
      codesPerAddress_zero: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد لحظات.',
      codesPerAddress_one: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد دقيقة واحدة.',
      codesPerAddress_two: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد دقيقتين.',
      codesPerAddress_few: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد {{count}} دقائق.',
      codesPerAddress_many: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة.',
      codesPerAddress_other: 'طُلبت رموز كثيرة من هذا الاتصال. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة.',
      codesPerOrganisation_zero: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد لحظات، أو الاتصال بالعيادة للحجز.',
      codesPerOrganisation_one: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد دقيقة واحدة، أو الاتصال بالعيادة للحجز.',
      codesPerOrganisation_two: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد دقيقتين، أو الاتصال بالعيادة للحجز.',
      codesPerOrganisation_few: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد {{count}} دقائق، أو الاتصال بالعيادة للحجز.',
      codesPerOrganisation_many: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة، أو الاتصال بالعيادة للحجز.',
      codesPerOrganisation_other: 'الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد {{count}} دقيقة، أو الاتصال بالعيادة للحجز.',
      noOnlineClinic: 'لا تقبل هذه المنشأة الحجز عبر الإنترنت حاليًا. يرجى الاتصال بالعيادة للحجز.',
      notBookableOnline: 'تعذّر حجز هذه الزيارة عبر الإنترنت. يرجى الاتصال بالعيادة للحجز.',
      codeWrong_zero: 'الرمز غير صحيح. لم تبقَ محاولات.',
      codeWrong_one: 'الرمز غير صحيح. بقيت محاولة واحدة.',
      codeWrong_two: 'الرمز غير صحيح. بقيت محاولتان.',
      codeWrong_few: 'الرمز غير صحيح. بقيت {{count}} محاولات.',
      codeWrong_many: 'الرمز غير صحيح. بقيت {{count}} محاولة.',
      codeWrong_other: 'الرمز غير صحيح. بقيت {{count}} محاولة.',
      codeExpired: 'انتهت صلاحية هذا الرمز. يرجى طلب رمز جديد.',
      codeTriesExhausted: 'محاولات خاطئة كثيرة لهذا الرمز. يرجى طلب رمز جديد.',
      codeUsed: 'استُخدم هذا الرمز لحجز بالفعل. يرجى طلب رمز جديد للحجز مرة أخرى.',
      perDay_zero: 'بلغ هذا الرقم الحد المسموح من الحجوزات عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة. يرجى الاتصال بالعيادة.',
      perDay_one: 'أجرى هذا الرقم حجزًا واحدًا عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perDay_two: 'أجرى هذا الرقم حجزين عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perDay_few: 'أجرى هذا الرقم {{count}} حجوزات عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perDay_many: 'أجرى هذا الرقم {{count}} حجزًا عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perDay_other: 'أجرى هذا الرقم {{count}} حجز عبر الإنترنت في هذه العيادة خلال آخر 24 ساعة، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perWeek_zero: 'بلغ هذا الرقم الحد المسموح من الحجوزات عبر الإنترنت في هذه العيادة خلال آخر 7 أيام. يرجى الاتصال بالعيادة.',
      perWeek_one: 'أجرى هذا الرقم حجزًا واحدًا عبر الإنترنت في هذه العيادة خلال آخر 7 أيام، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perWeek_two: 'أجرى هذا الرقم حجزين عبر الإنترنت في هذه العيادة خلال آخر 7 أيام، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perWeek_few: 'أجرى هذا الرقم {{count}} حجوزات عبر الإنترنت في هذه العيادة خلال آخر 7 أيام، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perWeek_many: 'أجرى هذا الرقم {{count}} حجزًا عبر الإنترنت في هذه العيادة خلال آخر 7 أيام، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      perWeek_other: 'أجرى هذا الرقم {{count}} حجز عبر الإنترنت في هذه العيادة خلال آخر 7 أيام، وهو الحد المسموح. يرجى الاتصال بالعيادة لحجز المزيد.',
      slotTaken: 'حُجز هذا الوقت للتو. يرجى اختيار وقت آخر.',
      visitNotMovable: 'لم يعد بالإمكان تغيير موعد هذه الزيارة عبر الإنترنت. يرجى الاتصال بالعيادة.',
      movesUsed: 'تم تغيير موعد هذه الزيارة مرتين عبر الإنترنت، وهو الحد المسموح. لتغييره مرة أخرى يرجى الاتصال بالعيادة.',
    },
  },
  validation: {
    bookingPage: {
      rangeTooLong: 'اطلب 62 يومًا على الأكثر في كل مرة',
      rangeReversed: 'اليوم الأخير يسبق اليوم الأول',
    },
  },
  success: {
    bookingPage: {
      codeSent: 'أُرسل رمز إلى هاتفك',
      booked: 'تم حجز زيارتك',
      requested: 'أُرسل طلبك؛ ستؤكده العيادة',
      moved: 'تم تغيير موعد زيارتك',
    },
  },
  bookingPage: {
    codeText: 'رمز الحجز لدى {{organisation}}: {{code}}. صالح لمدة 5 دقائق. لا تشاركه مع أحد.',
  },
};
