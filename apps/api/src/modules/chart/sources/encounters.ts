/** Chart source: the patient's encounters (index encounters_patient_idx: company, patient, opened_at). */
import { sql } from 'drizzle-orm';
import type { Ref } from '@clinic/shared';
import { employees, encounters as e } from '../../../db/schema/index.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: e.companyId, patientId: e.patientId, at: e.openedAt, id: e.id };

export const encounterSource: ChartSource = {
  kind: 'encounter',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'encounter', cols, q, (where) => deps.db.select({
      id: e.id, key: keyOf(e.openedAt), kind: e.kind, status: e.status,
      name: sql<{ en: string; ar: string } | null>`(select n.template->'name' from encounter_notes n where n.company_id = ${qualified(e.companyId)} and n.encounter_id = ${qualified(e.id)})`,
      addenda: sql<number>`(select count(*)::int from encounter_addenda a where a.company_id = ${qualified(e.companyId)} and a.encounter_id = ${qualified(e.id)})`,
      doctor: refOf(employees, e.companyId, e.doctorId),
    }).from(e).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'encounter' as const, _id: r.id, key: r.key, at: shownAt(r.key),
      title: r.name ? { en: r.name.en, ar: r.name.ar } : null,
      detail: null, status: r.kind, author: r.doctor as Ref | null,
      link: { page: 'encounter' as const, id: r.id },
      encounter: { state: r.status === 'signed' ? 'signed' as const : 'draft' as const, addenda: Number(r.addenda) },
    }));
  },
};
