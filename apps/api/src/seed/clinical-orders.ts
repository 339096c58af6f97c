/**
 * Demo orders and results: each clinic's order catalogue (common lab tests with their analytes, units, reference
 * ranges and critical limits; common imaging studies), and orders placed in the demo's past visits: most resulted
 * and acknowledged, a few abnormal results still waiting for their doctor, some collected or just ordered.
 * Deterministic.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { flagResult, formatOrderNumber, isAbnormalResult, ORDER_NUMBER_PREFIX, type Analyte, type OrderKind } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { clinics, encounters, orderCatalogueItems, orderCounters, orderItems, orderResults, orders } from '../db/schema/index.js';

const a = (code: string, nameEn: string, nameAr: string, unit: string, low: number | null, high: number | null, criticalLow: number | null = null, criticalHigh: number | null = null): Analyte =>
  ({ code, nameEn, nameAr, unit, low, high, criticalLow, criticalHigh });

/** The starter catalogue: code, English and Arabic names, kind, analytes (adult ranges, SI units as Gulf labs report them). */
export const STARTER_ORDER_CATALOGUE: Array<{ code: string; nameEn: string; nameAr: string; kind: OrderKind; analytes: Analyte[] }> = [
  {
    code: 'CBC', nameEn: 'Complete blood count', nameAr: 'تعداد الدم الكامل', kind: 'lab', analytes: [
      a('WBC', 'White blood cells', 'كريات الدم البيضاء', '10^9/L', 4, 11, 2, 30),
      a('HGB', 'Haemoglobin', 'الهيموغلوبين', 'g/dL', 12, 16, 7, 20),
      a('PLT', 'Platelets', 'الصفائح الدموية', '10^9/L', 150, 400, 50, 1000),
    ],
  },
  { code: 'FBG', nameEn: 'Fasting blood glucose', nameAr: 'سكر الدم الصائم', kind: 'lab', analytes: [a('GLU', 'Glucose (fasting)', 'الجلوكوز (صائم)', 'mmol/L', 3.9, 5.5, 2.8, 22)] },
  { code: 'HBA1C', nameEn: 'HbA1c', nameAr: 'السكر التراكمي', kind: 'lab', analytes: [a('HBA1C', 'Haemoglobin A1c', 'الهيموغلوبين السكري', '%', 4, 5.6, null, 14)] },
  {
    code: 'LIPID', nameEn: 'Lipid panel', nameAr: 'دهون الدم', kind: 'lab', analytes: [
      a('CHOL', 'Total cholesterol', 'الكوليسترول الكلي', 'mmol/L', null, 5.2),
      a('LDL', 'LDL cholesterol', 'الكوليسترول الضار', 'mmol/L', null, 3.4),
      a('HDL', 'HDL cholesterol', 'الكوليسترول النافع', 'mmol/L', 1, null),
      a('TG', 'Triglycerides', 'الدهون الثلاثية', 'mmol/L', null, 1.7, null, 11.3),
    ],
  },
  { code: 'TSH', nameEn: 'Thyroid-stimulating hormone', nameAr: 'هرمون الغدة الدرقية المنبه', kind: 'lab', analytes: [a('TSH', 'TSH', 'الهرمون المنبه للدرقية', 'mIU/L', 0.4, 4, 0.01, 50)] },
  { code: 'CREA', nameEn: 'Creatinine', nameAr: 'الكرياتينين', kind: 'lab', analytes: [a('CREA', 'Creatinine', 'الكرياتينين', 'µmol/L', 53, 115, null, 500)] },
  {
    code: 'UA', nameEn: 'Urinalysis', nameAr: 'تحليل البول', kind: 'lab', analytes: [
      a('UPH', 'pH', 'الحموضة', '', 4.5, 8),
      a('USG', 'Specific gravity', 'الكثافة النوعية', '', 1.005, 1.03),
      a('UWBC', 'White cells', 'كريات بيضاء', '/HPF', null, 5),
    ],
  },
  { code: 'CXR', nameEn: 'Chest X-ray', nameAr: 'أشعة سينية للصدر', kind: 'imaging', analytes: [] },
  { code: 'USABD', nameEn: 'Abdominal ultrasound', nameAr: 'تصوير البطن بالموجات فوق الصوتية', kind: 'imaging', analytes: [] },
];

/** What happens to each demo order, visit by visit (values in catalogue order of the test's analytes). */
type Plan = { test: string; priority?: 'urgent'; state: 'ordered' | 'collected' | 'resulted' | 'acknowledged'; values?: number[]; note?: string };
const PLANS: Plan[] = [
  { test: 'CBC', state: 'acknowledged', values: [7.2, 13.8, 260] },
  { test: 'HBA1C', state: 'resulted', values: [8.4], note: 'Above target' },
  { test: 'FBG', state: 'resulted', priority: 'urgent', values: [2.5] },
  { test: 'LIPID', state: 'acknowledged', values: [6.1, 4.2, 0.9, 2.3] },
  { test: 'TSH', state: 'resulted', values: [2.1] },
  { test: 'CREA', state: 'resulted', values: [148] },
  { test: 'UA', state: 'collected' },
  { test: 'CXR', state: 'ordered', priority: 'urgent' },
  { test: 'CBC', state: 'resulted', values: [13.5, 11.2, 180] },
  { test: 'FBG', state: 'ordered' },
];

export async function seedOrders(db: Db, companyId: string): Promise<void> {
  const clinicRows = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.companyId, companyId)).orderBy(asc(clinics.publicId));
  if (!clinicRows.length) return;
  const catalogue = await db.insert(orderCatalogueItems)
    .values(clinicRows.flatMap((c) => STARTER_ORDER_CATALOGUE.map((item) => ({ companyId, clinicId: c.id, ...item }))))
    .onConflictDoNothing().returning();
  const visits = await db.select().from(encounters)
    .where(and(eq(encounters.companyId, companyId), inArray(encounters.clinicId, clinicRows.map((c) => c.id))))
    .orderBy(asc(encounters.openedAt), asc(encounters.id)).limit(PLANS.length);
  const sequence = new Map<string, number>();
  for (const [i, visit] of visits.entries()) {
    const plan = PLANS[i]!;
    const item = catalogue.find((c) => c.clinicId === visit.clinicId && c.code === plan.test);
    if (!item) continue;
    const kind = item.kind as OrderKind;
    const at = visit.openedAt;
    const year = at.getUTCFullYear();
    const key = `${ORDER_NUMBER_PREFIX[kind]}:${year}`;
    sequence.set(key, (sequence.get(key) ?? 0) + 1);
    const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);
    const resulted = plan.state === 'resulted' || plan.state === 'acknowledged';
    const results = (plan.values ?? []).map((value, k) => {
      const an = item.analytes[k]!;
      return { analyte: an, value, flag: flagResult(value, an) };
    });
    const [order] = await db.insert(orders).values({
      companyId, number: formatOrderNumber(kind, year, sequence.get(key)!), kind, patientId: visit.patientId, doctorId: visit.doctorId, clinicId: visit.clinicId!,
      encounterId: visit.id, priority: plan.priority ?? 'routine', status: resulted ? 'resulted' : plan.state, orderedAt: at, orderedBy: visit.doctorId,
      collectedAt: plan.state === 'ordered' || kind === 'imaging' ? null : hours(1), collectedBy: null,
      resultedAt: resulted ? hours(26) : null, resultNote: plan.note ?? '', abnormal: results.some((r) => isAbnormalResult(r.flag)),
      acknowledgedAt: plan.state === 'acknowledged' ? hours(30) : null, acknowledgedBy: plan.state === 'acknowledged' ? visit.doctorId : null,
    }).returning({ id: orders.id });
    const [line] = await db.insert(orderItems).values({
      companyId, orderId: order!.id, catalogueItemId: item.id, position: 0, code: item.code, nameEn: item.nameEn, nameAr: item.nameAr, analytes: item.analytes,
    }).returning({ id: orderItems.id });
    if (results.length) {
      await db.insert(orderResults).values(results.map((r) => ({
        companyId, orderId: order!.id, orderItemId: line!.id, analyteCode: r.analyte.code, nameEn: r.analyte.nameEn, nameAr: r.analyte.nameAr, value: r.value,
        unit: r.analyte.unit, low: r.analyte.low, high: r.analyte.high, criticalLow: r.analyte.criticalLow, criticalHigh: r.analyte.criticalHigh, flag: r.flag, enteredAt: hours(26),
      })));
    }
  }
  for (const [key, last] of sequence) {
    const [prefix, year] = key.split(':') as [string, string];
    await db.insert(orderCounters).values({ companyId, prefix, year: Number(year), last })
      .onConflictDoUpdate({ target: [orderCounters.companyId, orderCounters.prefix, orderCounters.year], set: { last } });
  }
}
