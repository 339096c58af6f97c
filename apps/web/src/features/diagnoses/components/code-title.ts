import type { DiagnosisCodeRecord, PatientProblemRecord } from '@clinic/shared';

/** A code's title in the interface language (English when the list has no Arabic one). */
export function codeTitle(code: Pick<DiagnosisCodeRecord, 'titleEn' | 'titleAr'>, language: string): string {
  return language === 'ar' && code.titleAr ? code.titleAr : code.titleEn;
}

/** A problem's title in the interface language; one the reader sees masked (a sensitive visit's) says it is restricted. */
export function problemTitle(problem: Pick<PatientProblemRecord, 'titleEn' | 'titleAr' | 'restricted'>, language: string, t: (key: string) => string): string {
  if (problem.restricted || problem.titleEn === null) return t('diagnoses.problems.restricted');
  return codeTitle({ titleEn: problem.titleEn, titleAr: problem.titleAr ?? '' }, language);
}
