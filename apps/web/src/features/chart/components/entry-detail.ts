import type { ChartEntry } from '@clinic/shared';
import { strengthAndFormText, type MedicationTexts } from '@/features/medications';
import { formatNumber } from '@/lib/dates';

/** A number as the API wrote it ("36.5"), in the user's digits with the same decimals. */
function numberText(text: string, lang: string): string {
  const decimals = text.split('.')[1]?.length ?? 0;
  return formatNumber(Number(text), lang, { useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const N = '(-?\\d+(?:\\.\\d+)?)';
/**
 * The parts of the chart's vitals digest ("120/80 mmHg · ♥ 72/min · 36.5 °C · SpO₂ 97% · 60 kg · 5.6 mmol/L"), each
 * written again with the vitals card's unit labels (`vitals.unitLabels.*`: "ملم زئبق", "/د", "°م", "كغ").
 */
const VITAL_PARTS: Array<[RegExp, (n: string[], unit: (key: string) => string) => string]> = [
  [new RegExp(`^${N}/${N} mmHg$`), ([s, d], unit) => `${s}/${d} ${unit('mmHg')}`],
  [new RegExp(`^♥ ${N}/min$`), ([p], unit) => `♥ ${p}${unit('_min')}`],
  [new RegExp(`^${N} °C$`), ([c], unit) => `${c} ${unit('C')}`],
  [new RegExp(`^SpO₂ ${N}%$`), ([s], unit) => `SpO₂ ${s}${unit('%')}`],
  [new RegExp(`^${N} kg$`), ([w], unit) => `${w} ${unit('kg')}`],
  [new RegExp(`^${N} mmol/L$`), ([g], unit) => `${g} ${unit('mmol_L')}`],
];

function vitalPart(part: string, lang: string, texts: MedicationTexts): string {
  for (const [pattern, write] of VITAL_PARTS) {
    const match = pattern.exec(part);
    if (match) return write(match.slice(1).map((n) => numberText(n, lang)), (key) => texts.t(`vitals.unitLabels.${key}`));
  }
  return part;
}

/**
 * An entry's detail in the interface language, as parts to show apart (each isolated in its own direction): the
 * vitals' units as the vitals card writes them, a medication's strength and form translated; codes, numbers and
 * free text (a reaction) as they are.
 */
export function entryDetailParts(entry: Pick<ChartEntry, 'kind' | 'detail'>, lang: string, texts: MedicationTexts): string[] {
  if (!entry.detail) return [];
  if (entry.kind === 'vitals') return entry.detail.split(' · ').map((part) => vitalPart(part.trim(), lang, texts));
  if (entry.kind === 'medication') return [strengthAndFormText(entry.detail, lang, texts)];
  return [entry.detail];
}
