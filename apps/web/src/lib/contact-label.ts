import type { TFunction } from 'i18next';

/**
 * A contact's label ("primary", "work", "Mobile", "Reception"...) in the interface language. Labels are free text;
 * the usual ones, and those the app writes itself, are translated whatever their case, others are shown as typed.
 */
export function contactLabel(subType: string, t: TFunction): string {
  const key = subType.trim().toLowerCase().replace(/\s+/g, ' ');
  return t(`common.contactLabels.${key}`, { defaultValue: subType.trim() });
}
