/** Messages of the patient's chart (its query's field errors). */
import type { Shape } from './core.js';

export const chartEn = {
  validation: {
    chart: {
      kindInvalid: 'Choose kinds from: encounter, vitals, diagnosis, problem, allergy, medication, document',
      cursorInvalid: 'This page of the chart is no longer valid: reload the chart',
      dateInvalid: 'Enter a date and time such as 2026-03-01T09:00:00+03:00',
      rangeReversed: 'The end of the range must not be before its start',
    },
  },
};

export const chartAr: Shape<typeof chartEn> = {
  validation: {
    chart: {
      kindInvalid: 'اختر الأنواع من: encounter وvitals وdiagnosis وproblem وallergy وmedication وdocument',
      cursorInvalid: 'هذه الصفحة من السجل لم تعد صالحة: أعد تحميل السجل',
      dateInvalid: 'أدخل تاريخاً ووقتاً مثل 2026-03-01T09:00:00+03:00',
      rangeReversed: 'يجب ألا تسبق نهاية الفترة بدايتها',
    },
  },
};
