import type { DoctorShareEntryRecord, DoctorShareRuleRecord, DoctorShareStatement } from '@clinic/shared';
import { drOmar, olayaClinic } from '@/test/mocks';

/** Test data of the doctor's share: a tiered rule, an upcoming percent rule, and a statement of November 2026. */
export const tieredRule: DoctorShareRuleRecord = {
  _id: 'a0000000-0000-4000-8000-000000000001', doctor: drOmar, service: null, kind: 'tiers', percentBasisPoints: null, fixedAmount: null,
  tiers: [{ fromVisit: 1, percentBasisPoints: 3000 }, { fromVisit: 11, percentBasisPoints: 4000 }],
  effectiveFrom: '2026-01-01', inEffect: true, withdrawable: false, note: '', createdBy: null, createdAt: '2026-01-01T08:00:00Z',
};

export const upcomingRule: DoctorShareRuleRecord = {
  ...tieredRule, _id: 'a0000000-0000-4000-8000-000000000002', service: { _id: 'b0000000-0000-4000-8000-000000000001', name: 'Consultation' },
  kind: 'percent', percentBasisPoints: 3500, tiers: null, effectiveFrom: '2099-01-01', inEffect: false, withdrawable: true,
};

function entry(over: Partial<DoctorShareEntryRecord>): DoctorShareEntryRecord {
  return {
    _id: 'c0000000-0000-4000-8000-000000000001', periodDay: '2026-11-12', visitDate: '2026-11-12',
    patient: { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Sara Ali' },
    invoice: { _id: 'e0000000-0000-4000-8000-000000000001', displayNumber: 'INV-000012' }, clinic: olayaClinic,
    description: 'Consultation', cause: 'payment', taken: 23000, base: 20000, share: 8000, rule: tieredRule._id,
    applied: { kind: 'tiers', percentBasisPoints: 4000, fixedAmount: null, visitInMonth: 12, tierFrom: 11 }, createdAt: '2026-11-12T09:00:00Z',
    ...over,
  };
}

export const novemberStatement: DoctorShareStatement = {
  doctor: drOmar, from: '2026-11-01', to: '2026-11-30', currency: 'SAR', minorDigits: 2,
  entries: [
    entry({}),
    entry({
      _id: 'c0000000-0000-4000-8000-000000000002', periodDay: '2026-11-20', cause: 'credit_note', taken: -2300, base: -2000, share: -800,
    }),
  ],
  totals: { visits: 1, taken: 20700, base: 18000, share: 7200 },
  payouts: [],
  paid: 0,
  balance: 7200,
  open: { entries: 3, share: 4500 },
};
