/**
 * Demo medications: a starter catalogue of common outpatient drugs as clinics in the Gulf stock them (trade name,
 * generic name, form, strength, Arabic name), and current medication lists for some demo patients (long-term
 * treatments still taken, a finished antibiotic course, a pain killer stopped for stomach pain). Each entry is dated
 * as it would have been recorded: on the day it was started (months or years before the seed's today for the chronic
 * ones, weeks for the courses), during clinic hours, and closed on its end day. Deterministic for a given today.
 */
import { and, asc, eq } from 'drizzle-orm';
import { addDays, safeTimeZone, todayIn, zonedInstant, type DoseUnit, type FrequencyCode, type MedicationRoute } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { companies, employees, medications, patientMedications, patients } from '../db/schema/index.js';
import { drugKeys } from '../modules/medications/index.js';

type Drug = [name: string, generic: string, form: string, strength: string, arabic: string];

/** The starter catalogue (an organisation imports its own list over it: same name, form and strength update). */
export const STARTER_CATALOGUE: Drug[] = [
  ['Panadol', 'Paracetamol', 'Tablet', '500 mg', 'بنادول'],
  ['Panadol Extra', 'Paracetamol/Caffeine', 'Tablet', '500 mg/65 mg', 'بنادول إكسترا'],
  ['Adol', 'Paracetamol', 'Syrup', '120 mg/5 mL', 'أدول شراب'],
  ['Adol', 'Paracetamol', 'Suppository', '125 mg', 'أدول تحاميل'],
  ['Brufen', 'Ibuprofen', 'Tablet', '400 mg', 'بروفين'],
  ['Brufen', 'Ibuprofen', 'Syrup', '100 mg/5 mL', 'بروفين شراب'],
  ['Voltaren', 'Diclofenac Sodium', 'Tablet', '50 mg', 'فولتارين'],
  ['Voltaren Emulgel', 'Diclofenac Diethylamine', 'Gel', '1%', 'فولتارين إمولجيل'],
  ['Celebrex', 'Celecoxib', 'Capsule', '200 mg', 'سيليبريكس'],
  ['Tramal', 'Tramadol Hydrochloride', 'Capsule', '50 mg', 'ترامال'],
  ['Augmentin', 'Amoxicillin/Clavulanate', 'Tablet', '625 mg', 'أوجمنتين'],
  ['Augmentin', 'Amoxicillin/Clavulanate', 'Tablet', '1 g', 'أوجمنتين'],
  ['Augmentin', 'Amoxicillin/Clavulanate', 'Suspension', '457 mg/5 mL', 'أوجمنتين معلق'],
  ['Amoxil', 'Amoxicillin', 'Capsule', '500 mg', 'أموكسيل'],
  ['Amoxil', 'Amoxicillin', 'Suspension', '250 mg/5 mL', 'أموكسيل معلق'],
  ['Zithromax', 'Azithromycin', 'Tablet', '500 mg', 'زيثروماكس'],
  ['Zithromax', 'Azithromycin', 'Suspension', '200 mg/5 mL', 'زيثروماكس معلق'],
  ['Klacid', 'Clarithromycin', 'Tablet', '500 mg', 'كلاسيد'],
  ['Ciprobay', 'Ciprofloxacin', 'Tablet', '500 mg', 'سيبروباي'],
  ['Tavanic', 'Levofloxacin', 'Tablet', '500 mg', 'تافانيك'],
  ['Zinnat', 'Cefuroxime', 'Tablet', '500 mg', 'زينات'],
  ['Suprax', 'Cefixime', 'Capsule', '400 mg', 'سوبراكس'],
  ['Keflex', 'Cefalexin', 'Capsule', '500 mg', 'كيفلكس'],
  ['Rocephin', 'Ceftriaxone', 'Injection', '1 g', 'روسيفين'],
  ['Flagyl', 'Metronidazole', 'Tablet', '500 mg', 'فلاجيل'],
  ['Macrofuran', 'Nitrofurantoin', 'Capsule', '100 mg', 'ماكروفيوران'],
  ['Vibramycin', 'Doxycycline', 'Capsule', '100 mg', 'فيبراميسين'],
  ['Fucidin', 'Fusidic Acid', 'Cream', '2%', 'فيوسيدين'],
  ['Bactroban', 'Mupirocin', 'Ointment', '2%', 'باكتروبان'],
  ['Glucophage', 'Metformin Hydrochloride', 'Tablet', '500 mg', 'جلوكوفاج'],
  ['Glucophage', 'Metformin Hydrochloride', 'Tablet', '850 mg', 'جلوكوفاج'],
  ['Glucophage XR', 'Metformin Hydrochloride', 'Extended-release tablet', '750 mg', 'جلوكوفاج إكس آر'],
  ['Amaryl', 'Glimepiride', 'Tablet', '2 mg', 'أماريل'],
  ['Januvia', 'Sitagliptin', 'Tablet', '100 mg', 'جانوفيا'],
  ['Janumet', 'Sitagliptin/Metformin', 'Tablet', '50 mg/1000 mg', 'جانوميت'],
  ['Jardiance', 'Empagliflozin', 'Tablet', '10 mg', 'جارديانس'],
  ['Lantus', 'Insulin Glargine', 'Pre-filled pen', '100 IU/mL', 'لانتوس'],
  ['NovoRapid', 'Insulin Aspart', 'Pre-filled pen', '100 IU/mL', 'نوفورابيد'],
  ['Norvasc', 'Amlodipine Besylate', 'Tablet', '5 mg', 'نورفاسك'],
  ['Norvasc', 'Amlodipine Besylate', 'Tablet', '10 mg', 'نورفاسك'],
  ['Concor', 'Bisoprolol Fumarate', 'Tablet', '5 mg', 'كونكور'],
  ['Tenormin', 'Atenolol', 'Tablet', '50 mg', 'تينورمين'],
  ['Diovan', 'Valsartan', 'Tablet', '80 mg', 'ديوفان'],
  ['Co-Diovan', 'Valsartan/Hydrochlorothiazide', 'Tablet', '160 mg/12.5 mg', 'كو-ديوفان'],
  ['Cozaar', 'Losartan Potassium', 'Tablet', '50 mg', 'كوزار'],
  ['Micardis', 'Telmisartan', 'Tablet', '40 mg', 'ميكارديس'],
  ['Zestril', 'Lisinopril', 'Tablet', '10 mg', 'زيستريل'],
  ['Lasix', 'Furosemide', 'Tablet', '40 mg', 'لازكس'],
  ['Aldactone', 'Spironolactone', 'Tablet', '25 mg', 'ألداكتون'],
  ['Lipitor', 'Atorvastatin', 'Tablet', '20 mg', 'ليبيتور'],
  ['Lipitor', 'Atorvastatin', 'Tablet', '40 mg', 'ليبيتور'],
  ['Crestor', 'Rosuvastatin', 'Tablet', '10 mg', 'كريستور'],
  ['Aspirin Protect', 'Acetylsalicylic Acid', 'Enteric-coated tablet', '100 mg', 'أسبرين بروتكت'],
  ['Plavix', 'Clopidogrel', 'Tablet', '75 mg', 'بلافيكس'],
  ['Eliquis', 'Apixaban', 'Tablet', '5 mg', 'إليكويس'],
  ['Clexane', 'Enoxaparin Sodium', 'Pre-filled syringe', '40 mg/0.4 mL', 'كليكسان'],
  ['Nexium', 'Esomeprazole', 'Tablet', '40 mg', 'نيكسيوم'],
  ['Losec', 'Omeprazole', 'Capsule', '20 mg', 'لوسك'],
  ['Controloc', 'Pantoprazole', 'Tablet', '40 mg', 'كونترولوك'],
  ['Gaviscon', 'Sodium Alginate/Sodium Bicarbonate/Calcium Carbonate', 'Oral suspension', '500 mg/267 mg/160 mg per 10 mL', 'جافيسكون'],
  ['Motilium', 'Domperidone', 'Tablet', '10 mg', 'موتيليوم'],
  ['Primperan', 'Metoclopramide', 'Tablet', '10 mg', 'بريمبران'],
  ['Buscopan', 'Hyoscine Butylbromide', 'Tablet', '10 mg', 'بوسكوبان'],
  ['Imodium', 'Loperamide', 'Capsule', '2 mg', 'إيموديوم'],
  ['Duphalac', 'Lactulose', 'Syrup', '3.35 g/5 mL', 'دوفالاك'],
  ['ORS', 'Oral Rehydration Salts', 'Sachet', '', 'أملاح الإرواء الفموي'],
  ['Ventolin', 'Salbutamol', 'Inhaler', '100 mcg/dose', 'فنتولين بخاخ'],
  ['Ventolin', 'Salbutamol', 'Nebuliser solution', '2.5 mg/2.5 mL', 'فنتولين محلول للتبخير'],
  ['Seretide', 'Fluticasone/Salmeterol', 'Inhaler', '250 mcg/25 mcg', 'سيريتايد'],
  ['Symbicort', 'Budesonide/Formoterol', 'Turbuhaler', '160 mcg/4.5 mcg', 'سيمبيكورت'],
  ['Pulmicort', 'Budesonide', 'Nebuliser suspension', '0.5 mg/2 mL', 'بولميكورت'],
  ['Singulair', 'Montelukast', 'Tablet', '10 mg', 'سينجولير'],
  ['Singulair', 'Montelukast', 'Chewable tablet', '5 mg', 'سينجولير للمضغ'],
  ['Zyrtec', 'Cetirizine', 'Tablet', '10 mg', 'زيرتك'],
  ['Clarityne', 'Loratadine', 'Tablet', '10 mg', 'كلاريتين'],
  ['Telfast', 'Fexofenadine', 'Tablet', '180 mg', 'تلفاست'],
  ['Aerius', 'Desloratadine', 'Tablet', '5 mg', 'إيريوس'],
  ['Avamys', 'Fluticasone Furoate', 'Nasal spray', '27.5 mcg/spray', 'أفاميس بخاخ للأنف'],
  ['Otrivin', 'Xylometazoline', 'Nasal spray', '0.1%', 'أوتريفين بخاخ للأنف'],
  ['Prednisolone', 'Prednisolone', 'Tablet', '5 mg', 'بريدنيزولون'],
  ['Dexamethasone', 'Dexamethasone', 'Injection', '8 mg/2 mL', 'ديكساميثازون حقن'],
  ['Hydrocortisone', 'Hydrocortisone', 'Cream', '1%', 'كريم هيدروكورتيزون'],
  ['Betnovate', 'Betamethasone Valerate', 'Cream', '0.1%', 'بيتنوفيت'],
  ['Daktarin', 'Miconazole', 'Oral gel', '2%', 'دكتارين جل فموي'],
  ['Canesten', 'Clotrimazole', 'Cream', '1%', 'كانستين'],
  ['Diflucan', 'Fluconazole', 'Capsule', '150 mg', 'ديفلوكان'],
  ['Zovirax', 'Aciclovir', 'Cream', '5%', 'زوفيراكس'],
  ['Tobradex', 'Tobramycin/Dexamethasone', 'Eye drops', '0.3%/0.1%', 'توبرادكس قطرة للعين'],
  ['Euthyrox', 'Levothyroxine Sodium', 'Tablet', '50 mcg', 'يوثيروكس'],
  ['Folic Acid', 'Folic Acid', 'Tablet', '5 mg', 'حمض الفوليك'],
  ['Ferrous Sulfate', 'Ferrous Sulfate', 'Tablet', '200 mg', 'كبريتات الحديدوز'],
  ['Vitamin D3', 'Cholecalciferol', 'Capsule', '50000 IU', 'فيتامين د3'],
  ['Caltrate', 'Calcium Carbonate/Cholecalciferol', 'Tablet', '600 mg/400 IU', 'كالتريت'],
  ['Lyrica', 'Pregabalin', 'Capsule', '75 mg', 'ليريكا'],
  ['Cipralex', 'Escitalopram', 'Tablet', '10 mg', 'سيبرالكس'],
];

interface Plan {
  drug: [name: string, strength: string, form?: string];
  dose: number;
  unit: DoseUnit;
  route: MedicationRoute;
  frequency: FrequencyCode;
  /** Days ago it was started; and, for a closed entry, its end and why. */
  startedDaysAgo: number;
  closed?: { status: 'stopped' | 'completed'; daysAgo: number; reason: string };
}

/** What some demo patients take: the list of patient i is PATIENT_PLANS[i]. */
const PATIENT_PLANS: Plan[][] = [
  [
    { drug: ['Glucophage', '500 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startedDaysAgo: 720 },
    { drug: ['Norvasc', '5 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 400 },
    { drug: ['Lipitor', '20 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'QHS', startedDaysAgo: 400 },
    { drug: ['Brufen', '400 mg', 'Tablet'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', startedDaysAgo: 40, closed: { status: 'stopped', daysAgo: 35, reason: 'Stomach pain; changed to paracetamol / ألم في المعدة؛ استُبدل بالباراسيتامول' } },
  ],
  [
    { drug: ['Ventolin', '100 mcg/dose'], dose: 2, unit: 'puff', route: 'inhaled', frequency: 'PRN', startedDaysAgo: 300 },
    { drug: ['Singulair', '5 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'QHS', startedDaysAgo: 200 },
  ],
  [
    { drug: ['Euthyrox', '50 mcg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'QAM', startedDaysAgo: 500 },
    { drug: ['Vitamin D3', '50000 IU'], dose: 1, unit: 'capsule', route: 'oral', frequency: 'WEEKLY', startedDaysAgo: 30 },
  ],
  [
    { drug: ['Augmentin', '625 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startedDaysAgo: 20, closed: { status: 'completed', daysAgo: 13, reason: '' } },
    { drug: ['Zyrtec', '10 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 20 },
  ],
  [
    { drug: ['Janumet', '50 mg/1000 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startedDaysAgo: 365 },
    { drug: ['Co-Diovan', '160 mg/12.5 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 365 },
    { drug: ['Aspirin Protect', '100 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 365 },
    { drug: ['Nexium', '40 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 60 },
  ],
  [
    { drug: ['Folic Acid', '5 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 90 },
    { drug: ['Ferrous Sulfate', '200 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'OD', startedDaysAgo: 90 },
  ],
];

/**
 * Fills the catalogue (once: drugs already there are left as they are) and the medication lists of the first patients,
 * dated relative to `now`.
 */
export async function seedMedications(db: Db, companyId: string, now = new Date()): Promise<void> {
  await db.insert(medications).values(STARTER_CATALOGUE.map(([name, genericName, form, strength, nameAr]) => ({
    companyId, name, genericName, form, strength, nameAr, ...drugKeys({ name, genericName, form, strength, nameAr }),
  }))).onConflictDoNothing();

  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const [doctor] = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'))).orderBy(asc(employees.publicId)).limit(1);
  const chosen = await db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, companyId)).orderBy(asc(patients.publicId)).limit(PATIENT_PLANS.length);
  if (!company || !chosen.length) return;
  const catalogue = await db.select().from(medications).where(eq(medications.companyId, companyId));
  const zone = safeTimeZone(company.timeZone);
  const today = todayIn(zone, now);
  // Recorded during a morning or afternoon clinic (a different time for each entry), never later than now.
  const recordedOn = (day: string, n: number) =>
    new Date(Math.min(zonedInstant(day, `${String(9 + (n * 5) % 9).padStart(2, '0')}:${n % 2 ? '40' : '10'}`, zone).getTime(), now.getTime()));
  let n = 0;
  const rows = chosen.flatMap((patient, i) => PATIENT_PLANS[i]!.map((plan) => {
    const drug = catalogue.find((d) => d.name === plan.drug[0] && d.strength === plan.drug[1] && (!plan.drug[2] || d.form === plan.drug[2]));
    if (!drug) throw new Error(`The demo catalogue has no ${plan.drug.join(' ')}`);
    const startDate = addDays(today, -plan.startedDaysAgo);
    const endDate = plan.closed ? addDays(today, -plan.closed.daysAgo) : null;
    const recordedAt = recordedOn(startDate, n++);
    const closedAt = endDate ? recordedOn(endDate, n++) : null;
    return {
      companyId, patientId: patient.id, medicationId: drug.id, name: drug.name, genericName: drug.genericName, strength: drug.strength, form: drug.form,
      nameKey: drug.nameKey, genericKey: drug.genericKey, dose: String(plan.dose), unit: plan.unit, route: plan.route, frequency: plan.frequency,
      startDate, endDate,
      status: plan.closed?.status ?? 'active', statusReason: plan.closed?.reason ?? '', statusChangedBy: plan.closed ? doctor?.id ?? null : null,
      statusChangedAt: closedAt, source: 'manual', createdBy: doctor?.id ?? null, createdAt: recordedAt, updatedAt: closedAt ?? recordedAt,
    };
  }));
  await db.insert(patientMedications).values(rows);
}
