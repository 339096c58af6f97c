import type { CashBoxSummary } from '@clinic/shared';

/** A box's name with its clinic's, the clinic left out when the box's name already says it ("Olaya front desk · Olaya"). */
export function boxLabel(box: Pick<CashBoxSummary, 'name' | 'clinic'>, company: string): string {
  const place = box.clinic?.name ?? company;
  return box.name.toLocaleLowerCase().includes(place.toLocaleLowerCase()) ? box.name : `${box.name} · ${place}`;
}

/** Who closed a day: the person, or the system for a close no one made (the demo data's); '—' for a name no longer on file. */
export function closerName(closedBy: { name: string } | null, t: (key: string) => string): string {
  return closedBy ? closedBy.name || '—' : t('finance.cashBoxes.closedBySystem');
}
