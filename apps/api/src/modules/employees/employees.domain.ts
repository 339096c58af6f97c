import {
  EMPLOYEE_DOCUMENT_KINDS, employeeScheduleIssues, hasPermission, type EmployeeBreakTime, type EmployeeCreateInput,
  type EmployeeUpdateInput, type EmployeeVacationRecord, type EmployeeWorkingHour, type Permission,
} from '@clinic/shared';
import type { FieldMessage } from '../../lib/errors.js';

/*
 * Pure rules of the people area: who may change which part of an employee, what a change touches,
 * and the schedule rules checked on the record as it will be saved.
 */

/** True when a caller holding `held` holds every permission in `wanted` (admin holds all). */
export function holdsAll(held: readonly string[], wanted: readonly string[]): boolean {
  if (held.includes('admin')) return true;
  return wanted.every((p) => held.includes(p));
}

/** The permission a create needs beyond the route's: creating a sign-in account needs user_create. */
export function createNeeds(input: Pick<EmployeeCreateInput, 'username' | 'password' | 'roleIds'>): Permission | null {
  return input.username || input.password || (input.roleIds?.length ?? 0) > 0 ? 'user_create' : null;
}

/**
 * The permission an update needs beyond the route's: roles are account matters (user_update), and so is, for someone
 * who can sign in, every field that identifies or authorises the account: its status, its sign-in e-mail and its type.
 */
export function updateNeeds(
  input: Omit<EmployeeUpdateInput, 'version'>,
  target: { hasAccount: boolean; email?: string | null; employeeType?: string },
): Permission | null {
  if (input.roleIds !== undefined) return 'user_update';
  if (!target.hasAccount) return null;
  if (input.isActive !== undefined) return 'user_update';
  // A form saved with the stored values unchanged is not an account change.
  if (input.email !== undefined && (input.email ?? '').toLowerCase() !== (target.email ?? '').toLowerCase()) return 'user_update';
  if (input.employeeType !== undefined && input.employeeType !== target.employeeType) return 'user_update';
  return null;
}

export function mayUse(held: readonly string[], needed: Permission | null): boolean {
  return needed === null || hasPermission(held, needed);
}

export type SelfRefusal = 'cannotDeactivateSelf' | 'cannotChangeOwnRoles' | null;
/** What a user may not do to their own account. */
export function selfChangeRefusal(callerId: string, targetId: string, input: Omit<EmployeeUpdateInput, 'version'>, currentRoleIds: string[]): SelfRefusal {
  if (callerId !== targetId) return null;
  if (input.isActive === false) return 'cannotDeactivateSelf';
  if (input.roleIds !== undefined) {
    const a = [...new Set(input.roleIds)].sort();
    const b = [...new Set(currentRoleIds)].sort();
    if (a.length !== b.length || a.some((x, i) => x !== b[i])) return 'cannotChangeOwnRoles';
  }
  return null;
}

/** Roles added or removed by a change. */
export function roleChanges(before: string[], after: string[] | undefined): string[] {
  if (after === undefined) return [];
  const a = new Set(after);
  const b = new Set(before);
  return [...after.filter((x) => !b.has(x)), ...before.filter((x) => !a.has(x))];
}

interface Schedule {
  workingHours: EmployeeWorkingHour[];
  breakTimes: EmployeeBreakTime[];
  vacationRecords: EmployeeVacationRecord[];
}
/** Schedule rules on the record as it will be saved (the fields given, the stored ones otherwise). */
export function mergedScheduleFields(stored: Schedule, input: Partial<Schedule>): Record<string, FieldMessage> {
  const merged = {
    workingHours: input.workingHours ?? stored.workingHours,
    breakTimes: input.breakTimes ?? stored.breakTimes,
    vacationRecords: input.vacationRecords ?? stored.vacationRecords,
  };
  const fields: Record<string, FieldMessage> = {};
  for (const issue of employeeScheduleIssues(merged)) {
    // A rule broken by stored data the request did not touch is reported on the field that was sent.
    fields[issue.path.join('.')] ??= issue.message;
  }
  return fields;
}

/** Document changes a request asks for: per kind, a new file id, a removal, and/or a new effective date. */
export interface DocumentChange {
  kind: (typeof EMPLOYEE_DOCUMENT_KINDS)[number];
  fileId?: string | null;
  effectiveDate?: string | null;
}
export function documentChanges(
  input: EmployeeUpdateInput['documents'],
  uploaded: Partial<Record<(typeof EMPLOYEE_DOCUMENT_KINDS)[number], string>>,
): DocumentChange[] {
  const out: DocumentChange[] = [];
  for (const kind of EMPLOYEE_DOCUMENT_KINDS) {
    const given = input?.[kind];
    const change: DocumentChange = { kind };
    if (uploaded[kind]) change.fileId = uploaded[kind];
    else if (given?.file === '') change.fileId = null;
    if (given && 'effectiveDate' in given && given.effectiveDate !== undefined) change.effectiveDate = given.effectiveDate;
    if (change.fileId !== undefined || change.effectiveDate !== undefined) out.push(change);
  }
  return out;
}

/** The first value of a kind among the contact infos (the list shows one phone; a staff member's e-mail). */
export function firstContact(contacts: unknown, type: 'email' | 'phone'): string | null {
  if (!Array.isArray(contacts)) return null;
  const hit = contacts.find((c): c is { type: string; value: string } => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === type);
  return hit?.value ?? null;
}
