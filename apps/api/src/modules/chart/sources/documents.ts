/** Chart source: documents uploaded to the patient's record (index patient_documents_patient_idx: company, patient, created_at). */
import { employees, patientDocuments as doc } from '../../../db/schema/index.js';
import { fileUrl } from '../../../lib/files.js';
import { refOf } from '../../../lib/sql.js';
import { keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: doc.companyId, patientId: doc.patientId, at: doc.createdAt, id: doc.id };

export const documentSource: ChartSource = {
  kind: 'document',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'document', cols, q, (where) => deps.db.select({ id: doc.id, key: keyOf(doc.createdAt), title: doc.title, fileId: doc.fileId, author: refOf(employees, doc.companyId, doc.uploadedBy) })
      .from(doc).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'document' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.title, ar: null }, detail: null, status: null, author: r.author,
      // Every download through this link is audited as a read of the patient's document, like the reports card's.
      link: { page: 'document' as const, id: r.id, url: fileUrl(deps, q.companyId, r.fileId, { audit: { patientId: q.patientId, documentId: r.id } }) },
      encounter: null,
    }));
  },
};
