/**
 * The bench data set's diagnosis code list: ICD-10 shaped codes with English and Arabic titles made from a medical
 * vocabulary, the same on every run (a seeded generator), loaded with unnest inserts of 10,000 rows. The search text
 * is the one the API stores for a code (`codeSearchText`), so search reads them as it reads an imported list.
 * `bench/code-search.mjs` makes its own company's list with the same generator.
 */
import type { Database } from '../db/client.js';
import { codeSearchText } from '../modules/diagnoses/code-csv.js';
import { STARTER_SYSTEM } from '../modules/diagnoses/index.js';
import { mulberry32 } from './random.js';

const CONDITIONS = [
  ['Acute infection', 'عدوى حادة'], ['Chronic inflammation', 'التهاب مزمن'], ['Inflammation', 'إلتهاب'], ['Fracture', 'كسر'],
  ['Abscess', 'خراج'], ['Ulcer', 'قرحة'], ['Neoplasm', 'ورم'], ['Malignant neoplasm', 'ورم خبيث'], ['Benign neoplasm', 'ورم حميد'],
  ['Sprain', 'التواء'], ['Haemorrhage', 'نزف'], ['Obstruction', 'انسداد'], ['Injury', 'إصابة'], ['Deformity', 'تشوه'],
  ['Stenosis', 'تضيق'], ['Cyst', 'كيسة'], ['Calculus', 'حصاة'], ['Pain', 'ألم'], ['Disorder', 'اضطراب'], ['Hypertrophy', 'تضخم'],
] as const;
const SITES = [
  ['of upper respiratory tract', 'في الجهاز التنفسي العلوي'], ['of lung', 'في الرئة'], ['of kidney', 'في الكلية'], ['of liver', 'في الكبد'],
  ['of stomach', 'في المعدة'], ['of femur', 'في عظم الفخذ'], ['of radius', 'في عظم الكعبرة'], ['of knee', 'في الركبة'], ['of ankle', 'في الكاحل'],
  ['of skin', 'في الجلد'], ['of eye', 'في العين'], ['of middle ear', 'في الأذن الوسطى'], ['of bladder', 'في المثانة'], ['of pharynx', 'في البلعوم'],
  ['of thyroid gland', 'في الغدة الدرقية'], ['of heart', 'في القلب'], ['of brain', 'في الدماغ'], ['of spine', 'في العمود الفقري'],
  ['of colon', 'في القولون'], ['of pancreas', 'في البنكرياس'], ['of breast', 'في الثدي'], ['of prostate', 'في البروستاتا'],
] as const;
const QUALIFIERS = [
  ['unspecified', 'غير محدد'], ['left side', 'الجانب الأيسر'], ['right side', 'الجانب الأيمن'], ['bilateral', 'في الجانبين'],
  ['with complication', 'مع مضاعفات'], ['without complication', 'دون مضاعفات'], ['initial encounter', 'زيارة أولى'],
  ['subsequent encounter', 'زيارة لاحقة'], ['in pregnancy', 'أثناء الحمل'], ['in childhood', 'في الطفولة'], ['due to diabetes', 'بسبب السكري'],
  ['type 2', 'من النوع الثاني'], ['recurrent', 'متكرر'], ['severe', 'شديد'], ['moderate', 'متوسط'], ['mild', 'خفيف'],
] as const;

export interface GeneratedCode { code: string; codeKey: string; titleEn: string; titleAr: string }

/** The seed `bench/code-search.mjs` has always used: its searches and their hit counts stay comparable. */
export const CODE_SEED = 42;

/** `n` distinct codes (none of whose keys is in `taken`), in the order the generator makes them. */
export function generatedCodes(n: number, rand = mulberry32(CODE_SEED), taken: ReadonlySet<string> = new Set()): GeneratedCode[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const used = new Set<string>();
  const out: GeneratedCode[] = [];
  while (out.length < n) {
    const letter = String.fromCharCode(65 + Math.floor(rand() * 26));
    const cat = String(Math.floor(rand() * 100)).padStart(2, '0');
    const sub = rand() < 0.1 ? '' : `.${Math.floor(rand() * 10)}${rand() < 0.6 ? Math.floor(rand() * 10) : ''}${rand() < 0.3 ? Math.floor(rand() * 10) : ''}`;
    const code = `${letter}${cat}${sub}`;
    if (used.has(code)) continue;
    used.add(code);
    const [c, s, q] = [pick(CONDITIONS), pick(SITES), pick(QUALIFIERS)];
    if (taken.has(code.toLowerCase())) continue;
    out.push({ code, codeKey: code.toLowerCase(), titleEn: `${c[0]} ${s[0]}, ${q[0]}`, titleAr: `${c[1]} ${s[1]}، ${q[1]}` });
  }
  return out;
}

/**
 * Fills the company's code list (system ICD-10, beside the starter codes the clinical records use) up to `total`
 * codes. Ids are derived from the code, so every run holds the same rows.
 */
export async function seedBulkCodes(database: Database, companyId: string, total: number): Promise<number> {
  const existing = await database.query<{ key: string }>(`select code_key as key from diagnosis_codes where company_id = $1`, [companyId]);
  const rows = generatedCodes(Math.max(0, total - existing.length), mulberry32(CODE_SEED), new Set(existing.map((r) => r.key)));
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = rows.slice(i, i + 10_000);
    await database.query(
      `insert into diagnosis_codes (company_id, id, system, code, code_key, title_en, title_ar, search_text, is_active)
       select $1::uuid, md5('code:' || $1::text || ':' || t.code_key)::uuid, $2, t.code, t.code_key, t.title_en, t.title_ar, t.search_text, true
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as t(code, code_key, title_en, title_ar, search_text)`,
      [companyId, STARTER_SYSTEM, chunk.map((r) => r.code), chunk.map((r) => r.codeKey), chunk.map((r) => r.titleEn), chunk.map((r) => r.titleAr),
        chunk.map((r) => codeSearchText(r.code, r.titleEn, r.titleAr))],
    );
  }
  return existing.length + rows.length;
}
