/**
 * The chart's sources, one file each. Adding a kind of record to the chart is one file beside these (a `ChartSource`, see `../source.ts`) and one line here, plus its name in `CHART_KINDS`
 * (packages/shared/src/schemas/chart.ts) and its label in the web's locale files.
 */
import type { ChartKind } from '@clinic/shared';
import type { ChartSource } from '../source.js';
import { allergySource } from './allergies.js';
import { diagnosisSource } from './diagnoses.js';
import { documentSource } from './documents.js';
import { encounterSource } from './encounters.js';
import { medicationSource } from './medications.js';
import { orderSource, resultSource } from './orders.js';
import { prescriptionSource } from './prescriptions.js';
import { problemSource } from './problems.js';
import { vitalsSource } from './vitals.js';

export const CHART_SOURCES: Record<ChartKind, ChartSource> = {
  encounter: encounterSource,
  vitals: vitalsSource,
  diagnosis: diagnosisSource,
  problem: problemSource,
  allergy: allergySource,
  medication: medicationSource,
  document: documentSource,
  prescription: prescriptionSource,
  order: orderSource,
  result: resultSource,
};
