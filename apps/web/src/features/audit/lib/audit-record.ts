import type { AuditEntry } from '@clinic/shared';

/** The details page of each kind of record that has one (`:id` is the record's id). */
const DETAILS_PAGES: Record<string, string> = {
  patient: '/patients/details/:id',
  employee: '/employees/details/:id',
  user: '/users/details/:id',
  clinic: '/clinics/details/:id',
  clinic_collection: '/medicalComplexes/details/:id',
  department: '/departements/details/:id',
  service: '/services/details/:id',
  specialization: '/specialities/details/:id',
};

/** Pages that show a record without an id in their address (the company is the caller's own). */
const SINGLE_PAGES: Record<string, string> = { company: '/company' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditRecord {
  /** The record's name, when the entry's changes carry it. */
  name: string | null;
  /** The record's public id (PAT-000300), when the entry's changes carry it. */
  publicId: string | null;
  /** A readable identifier that is not a database id (an API route, for example), to show as it is. */
  readableId: string | null;
  /** The record's details page, unless the entry deleted it (the page would only say it is gone). */
  path: string | null;
}

function textField(changes: unknown, field: string): string | null {
  if (!changes || typeof changes !== 'object') return null;
  const { before, after } = changes as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  for (const side of [after, before]) {
    const value = side?.[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** What an audit entry's record is, for the Record column: its name or public id and where to open it. */
export function describeAuditRecord(entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'changes'>): AuditRecord {
  const id = entry.entityId;
  const deleted = entry.action === 'delete';
  const details = DETAILS_PAGES[entry.entity];
  let path: string | null = null;
  if (!deleted && id && details) path = details.replace(':id', encodeURIComponent(id));
  else if (!deleted && SINGLE_PAGES[entry.entity]) path = SINGLE_PAGES[entry.entity]!;
  return {
    name: textField(entry.changes, 'name'),
    publicId: textField(entry.changes, 'publicId'),
    readableId: id && !UUID.test(id) && !details && !SINGLE_PAGES[entry.entity] ? id : null,
    path,
  };
}
