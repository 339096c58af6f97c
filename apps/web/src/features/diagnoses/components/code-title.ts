import type { DiagnosisCodeRecord } from '@clinic/shared';

/** A code's title in the interface language (English when the list has no Arabic one). */
export function codeTitle(code: Pick<DiagnosisCodeRecord, 'titleEn' | 'titleAr'>, language: string): string {
  return language === 'ar' && code.titleAr ? code.titleAr : code.titleEn;
}
