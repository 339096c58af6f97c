/** Messages of the doctor's share: its rules, statements and payouts. */
import type { Shape } from './core.js';

export const doctorSharesEn = {
  validation: {
    doctorShares: {
      kind: 'Choose how the share is computed: a percentage, a fixed amount or tiers.',
      tierFrom: 'Enter the visit number the tier starts from (1 or more).',
      tiers: 'Tiers start from visit 1 and each starts after the one before (at most 10).',
      period: 'The end of the period must be on or after its start.',
      periodTooLong: 'A statement covers at most a year.',
      backdated: 'A rule takes effect today or later: it never changes visits already seen.',
    },
  },
  success: {
    doctorShares: {
      ruleCreated: 'Share rule saved.',
      ruleWithdrawn: 'Share rule withdrawn.',
      payoutRecorded: 'Payout recorded.',
    },
  },
  errors: {
    doctorShares: {
      ruleNotFound: 'This share rule no longer exists.',
      ruleExists: 'This doctor already has a rule for this service from that day.',
      ruleInEffect: 'This rule is already in effect and stays: add a new rule from a later day instead.',
      notADoctor: 'Only a doctor can have a share.',
      othersForbidden: 'You can see only your own share.',
      overpaid: 'This is more than is left to pay for the period ({{balance}}).',
    },
  },
  doctorShares: {
    /** How a statement names the rule an entry applied, and what made the entry. */
    rule: {
      percent: '{{percent}}% of the net amount',
      fixed: '{{amount}} per unit',
      tier: '{{percent}}% (visit {{visit}} of the month, tier from visit {{from}})',
    },
    cause: {
      payment: 'Payment',
      refund: 'Refund',
      credit_note: 'Credit note',
      claim_paid: 'Insurer paid',
      claim_reversed: 'Insurer payment reversed',
    },
    /** The statement's CSV: column headers and the totals row. */
    csv: {
      periodDay: 'Close day',
      visitDate: 'Visit date',
      patient: 'Patient',
      invoice: 'Invoice',
      service: 'Service',
      cause: 'Cause',
      rule: 'Rule',
      taken: 'Money taken',
      base: 'Net base',
      share: 'Share',
      totals_one: 'Total ({{count}} visit)',
      totals_other: 'Total ({{count}} visits)',
    },
  },
};

export const doctorSharesAr: Shape<typeof doctorSharesEn> = {
  validation: {
    doctorShares: {
      kind: 'اختر طريقة حساب الحصة: نسبة مئوية أو مبلغ ثابت أو شرائح.',
      tierFrom: 'أدخل رقم الزيارة التي تبدأ منها الشريحة (1 أو أكثر).',
      tiers: 'تبدأ الشرائح من الزيارة 1، وتبدأ كل شريحة بعد التي قبلها (10 شرائح على الأكثر).',
      period: 'يجب أن تكون نهاية الفترة في يوم بدايتها أو بعده.',
      periodTooLong: 'يغطي الكشف سنة واحدة على الأكثر.',
      backdated: 'تسري القاعدة من اليوم أو بعده: لا تغيّر زيارات تمت من قبل.',
    },
  },
  success: {
    doctorShares: {
      ruleCreated: 'حُفظت قاعدة الحصة.',
      ruleWithdrawn: 'سُحبت قاعدة الحصة.',
      payoutRecorded: 'سُجّلت الدفعة.',
    },
  },
  errors: {
    doctorShares: {
      ruleNotFound: 'لم تعد قاعدة الحصة هذه موجودة.',
      ruleExists: 'لدى هذا الطبيب قاعدة لهذه الخدمة من ذلك اليوم.',
      ruleInEffect: 'هذه القاعدة سارية وتبقى: أضف قاعدة جديدة من يوم لاحق بدلًا منها.',
      notADoctor: 'الحصة للأطباء فقط.',
      othersForbidden: 'يمكنك رؤية حصتك فقط.',
      overpaid: 'هذا أكثر مما بقي للدفع عن الفترة ({{balance}}).',
    },
  },
  doctorShares: {
    rule: {
      percent: '{{percent}}٪ من المبلغ الصافي',
      fixed: '{{amount}} لكل وحدة',
      tier: '{{percent}}٪ (الزيارة {{visit}} في الشهر، شريحة من الزيارة {{from}})',
    },
    cause: {
      payment: 'دفعة',
      refund: 'استرداد',
      credit_note: 'إشعار دائن',
      claim_paid: 'دفع شركة التأمين',
      claim_reversed: 'عكس دفع شركة التأمين',
    },
    csv: {
      periodDay: 'يوم الإقفال',
      visitDate: 'تاريخ الزيارة',
      patient: 'المريض',
      invoice: 'الفاتورة',
      service: 'الخدمة',
      cause: 'السبب',
      rule: 'القاعدة',
      taken: 'المبلغ المحصّل',
      base: 'الأساس الصافي',
      share: 'الحصة',
      totals_zero: 'الإجمالي (لا زيارات)',
      totals_one: 'الإجمالي (زيارة واحدة)',
      totals_two: 'الإجمالي (زيارتان)',
      totals_few: 'الإجمالي ({{count}} زيارات)',
      totals_many: 'الإجمالي ({{count}} زيارة)',
      totals_other: 'الإجمالي ({{count}} زيارة)',
    },
  },
};
