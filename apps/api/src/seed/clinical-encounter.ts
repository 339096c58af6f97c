/**
 * Demo encounters: a signed SOAP note for every completed visit (at most `signed`, the latest first; some in Arabic,
 * some in English, one with an addendum, one marked sensitive), an open draft for the visits in consultation now (or, when none is, one phone-advice draft today),
 * and a dental examination template for the dentists (typed fields: tooth, side, findings, pain, next visit).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { SOAP_TEMPLATE, type NoteContent, type NoteSection } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { appointments, employees, encounterAddenda, encounterNotes, encounters, noteTemplates, patients, specializations } from '../db/schema/index.js';

const NOTES: NoteContent[] = [
  { complaint: 'Dry cough for five days', history: 'No fever, no shortness of breath. Non-smoker.', examination: 'Chest clear, throat mildly red. Temp 37.2 °C.', assessment: 'Viral upper respiratory tract infection', plan: 'Fluids, honey, paracetamol as needed. Return if fever or breathlessness.' },
  { complaint: 'صداع متكرر منذ أسبوعين', history: 'يزداد مع قلة النوم وأمام الشاشة. لا تقيؤ ولا اضطراب في الرؤية.', examination: 'الفحص العصبي طبيعي. ضغط الدم 124/80.', assessment: 'صداع توتري', plan: 'تنظيم النوم، تقليل وقت الشاشة، باراسيتامول عند الحاجة. مراجعة بعد أسبوعين.' },
  { complaint: 'Follow-up of type 2 diabetes', history: 'Taking metformin 1 g twice daily. Home readings 6–9 mmol/L.', examination: 'Weight 84 kg, BP 132/84. Feet: pulses present, no ulcers.', assessment: 'Type 2 diabetes, fair control', plan: 'HbA1c and lipid profile. Continue metformin. Dietitian referral.' },
  { complaint: 'ألم في أسفل الظهر', history: 'بدأ بعد حمل أغراض ثقيلة قبل ثلاثة أيام. لا تنميل في الساقين.', examination: 'تشنج في العضلات القطنية، اختبار رفع الساق سلبي.', assessment: 'شد عضلي قطني', plan: 'راحة نسبية، كمادات دافئة، مسكن مضاد للالتهاب لخمسة أيام، تمارين إطالة.' },
  { complaint: 'Itchy rash on both forearms', history: 'Started after using a new detergent.', examination: 'Erythematous papules on both forearms, no blisters.', assessment: 'Contact dermatitis', plan: 'Stop the detergent. Moisturiser and a mild topical steroid for one week.' },
  { complaint: 'ارتفاع الحرارة عند الطفل', history: 'حرارة 38.5 منذ يومين مع سيلان الأنف. يرضع جيدًا.', examination: 'الأذنان والحلق طبيعيان، الصدر نظيف.', assessment: 'عدوى فيروسية', plan: 'خافض حرارة حسب الوزن، سوائل، مراجعة إذا استمرت الحرارة أكثر من ثلاثة أيام.' },
];

const DENTAL: NoteSection[] = [
  {
    key: 'findings', label: { en: 'Findings', ar: 'الموجودات' },
    fields: [
      { key: 'complaint', type: 'text', required: true, label: { en: 'Chief complaint', ar: 'الشكوى الرئيسية' } },
      { key: 'tooth', type: 'number', min: 11, max: 48, label: { en: 'Tooth (FDI)', ar: 'رقم السن (FDI)' } },
      { key: 'side', type: 'bodySide', label: { en: 'Side', ar: 'الجهة' } },
      { key: 'signs', type: 'checklist', label: { en: 'Signs', ar: 'العلامات' }, options: [
        { value: 'caries', label: { en: 'Caries', ar: 'تسوس' } }, { value: 'gingivitis', label: { en: 'Gingivitis', ar: 'التهاب اللثة' } },
        { value: 'plaque', label: { en: 'Plaque', ar: 'جير' } }, { value: 'swelling', label: { en: 'Swelling', ar: 'تورم' } },
      ] },
      { key: 'pain', type: 'choice', label: { en: 'Pain', ar: 'الألم' }, options: [
        { value: 'none', label: { en: 'None', ar: 'لا يوجد' } }, { value: 'mild', label: { en: 'Mild', ar: 'خفيف' } },
        { value: 'moderate', label: { en: 'Moderate', ar: 'متوسط' } }, { value: 'severe', label: { en: 'Severe', ar: 'شديد' } },
      ] },
    ],
  },
  {
    key: 'plan', label: { en: 'Treatment', ar: 'العلاج' },
    fields: [
      { key: 'treatment', type: 'text', multiline: true, required: true, label: { en: 'Treatment given', ar: 'العلاج المقدم' } },
      { key: 'nextVisit', type: 'date', label: { en: 'Next visit', ar: 'الزيارة القادمة' } },
    ],
  },
];

const template = { name: SOAP_TEMPLATE.name, sections: SOAP_TEMPLATE.sections };

/** The note of the demo's sensitive visit: shown to its doctor only; others see it masked until they give a reason. */
const SENSITIVE_NOTE: NoteContent = {
  complaint: 'Low mood and poor sleep for two months; asked that this visit stay confidential',
  history: 'Stress at work since a change of role. No thoughts of self-harm. No alcohol or drugs.',
  examination: 'Calm, good eye contact, speech normal. PHQ-9 score 12.',
  assessment: 'Adjustment disorder with anxiety and low mood',
  plan: 'Counselling referral, sleep routine, review in two weeks. Return at once if the mood worsens.',
};

/** The demo doctor's staff id (user name `doctor`), when there is one. */
async function demoDoctorId(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.username, 'doctor'))).limit(1);
  return row?.id ?? null;
}

/**
 * The visit whose note is marked sensitive: a recent one (so later seeds write it a prescription and diagnoses) by
 * another doctor, of a patient the demo doctor also has appointments with when there is one, so that signing in as
 * `doctor` shows it masked in a chart they open and lets them break the glass.
 */
function sensitiveVisit<T extends { doctorId: string; patientId: string }>(done: T[], demoDoctor: string | null, theirs: Set<string>): T | null {
  const others = done.slice(2, 16).filter((a) => a.doctorId !== demoDoctor);
  return others.find((a) => theirs.has(a.patientId)) ?? others[0] ?? null;
}

export async function seedEncounters(db: Db, companyId: string, opts: { signed?: number } = {}): Promise<void> {
  const [dentistry] = await db.select({ id: specializations.id }).from(specializations)
    .where(and(eq(specializations.companyId, companyId), eq(specializations.name, 'Dentistry'))).limit(1);
  await db.insert(noteTemplates).values({ companyId, nameEn: 'Dental examination', nameAr: 'فحص الأسنان', specializationId: dentistry?.id ?? null, sections: DENTAL });

  const done = await db.select().from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'completed')))
    .orderBy(desc(appointments.startsAt)).limit(opts.signed ?? 1000);
  const demoDoctor = await demoDoctorId(db, companyId);
  const seenByDemoDoctor = demoDoctor
    ? new Set((await db.selectDistinct({ id: appointments.patientId }).from(appointments)
      .where(and(eq(appointments.companyId, companyId), eq(appointments.doctorId, demoDoctor)))).map((r) => r.id))
    : new Set<string>();
  const sensitive = sensitiveVisit(done, demoDoctor, seenByDemoDoctor);
  for (const [i, a] of done.entries()) {
    const signedAt = a.completedAt ?? a.endsAt;
    const [e] = await db.insert(encounters).values({
      companyId, kind: 'visit', appointmentId: a.id, patientId: a.patientId, doctorId: a.doctorId, clinicId: a.clinicId, reason: a.reason,
      status: 'signed', openedAt: a.calledInAt ?? a.startsAt, openedBy: a.doctorId, signedAt, signedBy: a.doctorId,
    }).returning({ id: encounters.id });
    await db.insert(encounterNotes).values({
      companyId, encounterId: e!.id, template, content: a === sensitive ? SENSITIVE_NOTE : NOTES[i % NOTES.length]!, sensitive: a === sensitive,
      updatedBy: a.doctorId, signedAt, signedBy: a.doctorId, version: 3, createdAt: a.calledInAt ?? a.startsAt, updatedAt: signedAt,
    });
    if (i === 1) {
      await db.insert(encounterAddenda).values({
        companyId, encounterId: e!.id, authorId: a.doctorId, createdAt: new Date(signedAt.getTime() + 86_400_000),
        reason: 'نتيجة التحليل وصلت', text: 'فحص الدم طبيعي؛ لا حاجة لتغيير الخطة.',
      });
    }
  }

  const now = await db.select().from(appointments).where(and(eq(appointments.companyId, companyId), inArray(appointments.status, ['in_consultation'])));
  for (const a of now) {
    const [e] = await db.insert(encounters).values({
      companyId, kind: 'visit', appointmentId: a.id, patientId: a.patientId, doctorId: a.doctorId, clinicId: a.clinicId, reason: a.reason, openedAt: a.calledInAt ?? new Date(), openedBy: a.doctorId,
    }).returning({ id: encounters.id });
    await db.insert(encounterNotes).values({ companyId, encounterId: e!.id, template, content: { complaint: a.reason, history: 'Started three days ago.' }, updatedBy: a.doctorId, version: 2 });
  }
  if (!now.length) {
    const [doctor] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'))).orderBy(employees.createdAt).limit(1);
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, companyId)).orderBy(patients.createdAt).limit(1);
    if (!doctor || !patient) return;
    const [e] = await db.insert(encounters).values({ companyId, kind: 'phone', patientId: patient.id, doctorId: doctor.id, reason: 'Phone advice: fever', openedBy: doctor.id }).returning({ id: encounters.id });
    await db.insert(encounterNotes).values({ companyId, encounterId: e!.id, template, content: { complaint: 'Fever since last night, asked about paracetamol dosing' }, updatedBy: doctor.id, version: 2 });
  }
}
