import {
  EMPLOYEE_DOCUMENT_KINDS, hasPermission, type EmployeeCreateInput, type EmployeeListItem, type EmployeeListQuery, type EmployeeRecord,
  type EmployeeUpdateInput,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { announceCredentialChange, recentlyVerified, revokeCredentials } from '../../lib/credential-liveness.js';
import { withDb } from '../../lib/transaction.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { removeUnreferencedFiles, toFileRef } from '../../lib/files.js';
import type { MultipartSpec } from '../../lib/multipart.js';
import type { StoredFile } from '../../lib/files.js';
import { hashPassword } from '../../lib/password.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { checkNotAdministrator, keepingAnAdministrator } from './administrators.js';
import { checkReferences, checkRoleGrant, checkTargetWithin, checkUnique } from './employees.checks.js';
import {
  createNeeds, documentChanges, firstContact, mayUse, mergedScheduleFields, roleChanges,
  selfChangeRefusal, updateNeeds,
} from './employees.domain.js';
import {
  appointmentsOfDoctor, deleteEmployeeRow, findDocuments, findEmployee, findEmployeePage, findFiles, findPlacement, findRelations, insertEmployee,
  lapseInvitations, pendingInvitations, permissionsOfRoles, replaceLinks, roleIdsOf, signsIn, updateEmployeeAt, upsertDocument, type EmployeeColumns, type EmployeeRow, type FileRow, type ListedEmployee,
  type Relations,
} from './employees.repository.js';

const ENTITY = 'employee';

/** The fields of an update (or a create), without the version the update is based on. */
type EmployeeFields = Omit<EmployeeUpdateInput, 'version'>;

/** `{ isActive }` alone (with its version): the lists' status switch. */
export function isStatusOnly(input: EmployeeUpdateInput): boolean {
  const { version: _version, ...fields } = input;
  return input.isActive !== undefined && Object.keys(fields).length === 1;
}

/**
 * The employee forms as multipart: `image` is the staff/doctor form's picture (5 MB, JPG or PNG),
 * `picture` the user form's (10 MB, any common image); documents arrive as `documents[cv][file]` and so on.
 */
export const EMPLOYEE_FORM: MultipartSpec = {
  files: {
    image: 'image',
    picture: 'avatar',
    ...Object.fromEntries(EMPLOYEE_DOCUMENT_KINDS.map((k) => [`documents.${k}.file`, 'document' as const])),
  },
  jsonFields: ['workingHours', 'contactInfos', 'breakTimes', 'vacationRecords', 'emergencyContact', 'addressDetails', 'documents'],
};

interface Details {
  professional_experience?: string | null;
  Qualifications?: string | null;
  notes?: string | null;
  addressDetails?: EmployeeRecord['addressDetails'];
}

type Uploads = Record<string, StoredFile>;

function fileRefOf(deps: Deps, files: Map<string, FileRow>, id: string | null | undefined) {
  const row = id ? files.get(id) : undefined;
  return row ? toFileRef(deps, row) : null;
}

/** A pending invitation as the lists and the record show it. */
function invitationOf(expiresAt: Date | undefined, now: Date): EmployeeRecord['invitation'] {
  return expiresAt ? { expiresAt: expiresAt.toISOString(), expired: expiresAt <= now } : null;
}

/** What the lists and the full record both show of a person and their account. */
function accountOf(deps: Deps, row: ListedEmployee & { signsIn: boolean }, invited: Map<string, Date>) {
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    username: row.username,
    email: row.email,
    hasAccount: row.signsIn,
    invitation: invitationOf(invited.get(row.id), clockNow(deps)),
    incomplete: row.incomplete,
  };
}

function listItem(deps: Deps, row: ListedEmployee & { signsIn: boolean }, rel: Relations, files: Map<string, FileRow>, invited: Map<string, Date>): EmployeeListItem {
  // Added to the account's own object: a literal that starts with a spread costs V8 a slow store per property after it.
  return Object.assign(accountOf(deps, row, invited), {
    employeeType: row.employeeType as EmployeeListItem['employeeType'],
    roleIds: rel.roles.get(row.id) ?? [],
    isActive: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    image: fileRefOf(deps, files, row.imageFileId),
    jobTitle: row.jobTitle,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    consultation_fee: row.consultationFee,
    specializations: rel.specializations.get(row.id) ?? [],
    clinics: rel.clinics.get(row.id) ?? [],
    phone: firstContact(row.contactInfos, 'phone'),
    version: row.version,
  });
}

/** The users, staff and doctors lists: the page with each employee's relations, its count when full, the pictures. */
export async function listEmployees(deps: Deps, caller: Caller, q: EmployeeListQuery) {
  const { rows, relations, total } = await findEmployeePage(deps.db, caller.companyId, q);
  const files = await findFiles(deps.db, caller.companyId, rows.map((r) => r.imageFileId));
  const invited = await pendingInvitations(deps.db, caller.companyId, rows.filter((r) => !r.signsIn).map((r) => r.id));
  return { data: rows.map((r) => listItem(deps, r, relations, files, invited)), total };
}

async function loadEmployee(deps: Deps, companyId: string, id: string): Promise<EmployeeRow> {
  const row = await findEmployee(deps.db, companyId, id);
  if (!row) throw notFound();
  return row;
}

/** Employment documents (CV, contract, ...) are HR records: only user administrators and staff managers get their links. */
export function seesDocuments(caller: Caller, targetId: string): boolean {
  return caller.id === targetId || hasPermission(caller.permissions, 'user_read', 'user_update', 'employee_write');
}

/**
 * One employee with every reference resolved (`{ _id, name }`) and files as signed links. Without
 * `withDocuments` the documents keep their effective dates but not their files.
 */
export async function getEmployee(deps: Deps, companyId: string, id: string, opts: { withDocuments?: boolean } = {}): Promise<EmployeeRecord> {
  const withDocuments = opts.withDocuments ?? true;
  const row = await loadEmployee(deps, companyId, id);
  const hasSignIn = await signsIn(deps.db, companyId, id);
  const [rel, docs, placement, invited] = await Promise.all([
    findRelations(deps.db, companyId, [id]),
    findDocuments(deps.db, companyId, id),
    findPlacement(deps.db, companyId, row),
    hasSignIn ? new Map<string, Date>() : pendingInvitations(deps.db, companyId, [id]),
  ]);
  const files = await findFiles(deps.db, companyId, [row.imageFileId, ...docs.map((d) => d.fileId)]);
  const details = (row.details ?? {}) as Details;
  const documents = Object.fromEntries(EMPLOYEE_DOCUMENT_KINDS.map((kind) => {
    const d = docs.find((x) => x.kind === kind);
    return [kind, { file: withDocuments ? fileRefOf(deps, files, d?.fileId) : null, effectiveDate: d?.effectiveDate ?? null }];
  })) as EmployeeRecord['documents'];
  return {
    ...accountOf(deps, { ...row, signsIn: hasSignIn }, invited),
    employeeType: row.employeeType as EmployeeRecord['employeeType'],
    isActive: row.isActive,
    image: fileRefOf(deps, files, row.imageFileId),
    roleIds: rel.roles.get(id) ?? [],
    administrator: (await permissionsOfRoles(deps.db, companyId, (rel.roles.get(id) ?? []).map((r) => r._id))).includes('admin'),
    clinics: rel.clinics.get(id) ?? [],
    specializations: rel.specializations.get(id) ?? [],
    departmentId: placement.department,
    clinicCollectionId: placement.complex,
    contactInfos: (row.contactInfos ?? []) as EmployeeRecord['contactInfos'],
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    identity: row.identity,
    nationality: row.nationality,
    marital_status: row.maritalStatus,
    number_children: row.numberOfChildren,
    Languages: (row.languages ?? []) as string[],
    medicalLicenseNumber: row.medicalLicenseNumber,
    consultation_fee: row.consultationFee,
    on_call: row.onCall,
    hireDate: row.hireDate,
    certifications: (row.certifications ?? []) as string[],
    professional_experience: details.professional_experience ?? null,
    Qualifications: details.Qualifications ?? null,
    address: row.address,
    addressDetails: details.addressDetails ?? null,
    notes: details.notes ?? null,
    jobType: row.jobType,
    jobTitle: row.jobTitle,
    emergencyContact: (row.emergencyContact ?? null) as EmployeeRecord['emergencyContact'],
    workingHours: (row.workingHours ?? []) as EmployeeRecord['workingHours'],
    breakTimes: (row.breakTimes ?? []) as EmployeeRecord['breakTimes'],
    vacationRecords: (row.vacationRecords ?? []) as EmployeeRecord['vacationRecords'],
    documents,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Table columns for the fields a request gives (absent fields are left as they are). */
function columnsOf(input: EmployeeFields, storedDetails: Details = {}) {
  const c: EmployeeColumns = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.email !== undefined) c.email = input.email;
  if (input.employeeType !== undefined) c.employeeType = input.employeeType;
  if (input.isActive !== undefined) c.isActive = input.isActive;
  if (input.departmentId !== undefined) c.departmentId = input.departmentId;
  if (input.clinicCollectionId !== undefined) c.clinicCollectionId = input.clinicCollectionId;
  if (input.contactInfos !== undefined) c.contactInfos = input.contactInfos;
  if (input.dateOfBirth !== undefined) c.dateOfBirth = input.dateOfBirth;
  if (input.gender !== undefined) c.gender = input.gender;
  if (input.identity !== undefined) c.identity = input.identity;
  if (input.nationality !== undefined) c.nationality = input.nationality;
  if (input.marital_status !== undefined) c.maritalStatus = input.marital_status;
  if (input.number_children !== undefined) c.numberOfChildren = input.number_children;
  if (input.Languages !== undefined) c.languages = input.Languages;
  if (input.medicalLicenseNumber !== undefined) c.medicalLicenseNumber = input.medicalLicenseNumber;
  if (input.consultation_fee !== undefined) c.consultationFee = input.consultation_fee;
  if (input.on_call !== undefined) c.onCall = input.on_call;
  if (input.hireDate !== undefined) c.hireDate = input.hireDate;
  if (input.certifications !== undefined) c.certifications = input.certifications;
  if (input.address !== undefined) c.address = input.address;
  if (input.jobType !== undefined) c.jobType = input.jobType;
  if (input.jobTitle !== undefined) c.jobTitle = input.jobTitle;
  if (input.emergencyContact !== undefined) c.emergencyContact = input.emergencyContact;
  if (input.workingHours !== undefined) c.workingHours = input.workingHours;
  if (input.breakTimes !== undefined) c.breakTimes = input.breakTimes;
  if (input.vacationRecords !== undefined) c.vacationRecords = input.vacationRecords;
  const details: Details = { ...storedDetails };
  let detailsChanged = false;
  for (const key of ['professional_experience', 'Qualifications', 'notes', 'addressDetails'] as const) {
    if (input[key] !== undefined) {
      (details as Record<string, unknown>)[key] = input[key];
      detailsChanged = true;
    }
  }
  if (detailsChanged) c.details = details;
  return c;
}

function uploadedDocuments(uploads: Uploads) {
  return Object.fromEntries(EMPLOYEE_DOCUMENT_KINDS.filter((k) => uploads[`documents.${k}.file`]).map((k) => [k, uploads[`documents.${k}.file`]!.id]));
}

async function applyDocuments(tx: Db, companyId: string, employeeId: string, input: EmployeeUpdateInput['documents'], uploads: Uploads) {
  const changes = documentChanges(input, uploadedDocuments(uploads));
  for (const change of changes) await upsertDocument(tx, companyId, employeeId, change);
  return changes;
}

/** What the audit log keeps of a request: everything but the password. */
function auditView(input: EmployeeFields & { username?: string | null | undefined }, uploads: Uploads) {
  const view: Record<string, unknown> = { ...input };
  delete view.password;
  delete view.confirmPassword;
  for (const [field, file] of Object.entries(uploads)) view[field] = { fileId: file.id, name: file.originalName };
  return view;
}

export async function createEmployee(deps: Deps, ctx: RequestContext, caller: Caller, input: EmployeeCreateInput, uploads: Uploads): Promise<string> {
  if (!mayUse(caller.permissions, createNeeds(input))) throw new AppError(403, 'FORBIDDEN', 'errors.accountPermissionNeeded');
  const account = Boolean(input.username && input.password);
  await checkReferences(deps.db, caller.companyId, input);
  await checkRoleGrant(deps.db, caller, [...new Set(input.roleIds ?? [])]);
  const email = input.email ?? firstContact(input.contactInfos, 'email');
  await checkUnique(deps, ctx, caller.companyId, { identity: input.identity, username: input.username, email, account });
  const passwordHash = account ? await hashPassword(input.password!) : null;
  const image = uploads.image ?? uploads.picture;
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const publicId = await nextPublicId(tx, caller.companyId, 'employee', 'EMP');
    const id = await insertEmployee(tx, {
      ...columnsOf(input),
      companyId: caller.companyId,
      publicId,
      name: input.name,
      employeeType: input.employeeType,
      email: email?.toLowerCase() ?? null,
      username: account ? input.username! : null,
      passwordHash,
      imageFileId: image?.id ?? null,
    });
    await replaceLinks(tx, caller.companyId, id, input);
    await applyDocuments(tx, caller.companyId, id, input.documents, uploads);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: id,
      changes: { after: { publicId, ...auditView(input, uploads) } },
    });
    return id;
  });
}

export async function updateEmployee(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: EmployeeUpdateInput, uploads: Uploads) {
  const row = await loadEmployee(deps, caller.companyId, id);
  // Someone invited to set up an account is managed as an account holder already (their roles, status, e-mail).
  const hasAccount = (await signsIn(deps.db, caller.companyId, id)) || (await pendingInvitations(deps.db, caller.companyId, [id])).size > 0;
  if (!mayUse(caller.permissions, updateNeeds(input, { hasAccount, email: row.email, employeeType: row.employeeType }))) {
    throw new AppError(403, 'FORBIDDEN', 'errors.accountPermissionNeeded');
  }
  await checkNotAdministrator(deps.db, caller, id);
  // Everything below is decided on the record as read: it must still be the version the change is based on.
  assertVersion(row, input.version);
  const currentRoles = await roleIdsOf(deps.db, caller.companyId, id);
  const refusal = selfChangeRefusal(caller.id, id, input, currentRoles);
  if (refusal) throw new AppError(409, refusal === 'cannotDeactivateSelf' ? 'SELF_DEACTIVATION' : 'SELF_ROLE_CHANGE', `errors.${refusal}`);
  if (hasAccount && (input.isActive !== undefined || input.roleIds !== undefined) && caller.id !== id) await checkTargetWithin(deps.db, caller, id);
  const changedRoles = roleChanges(currentRoles, input.roleIds);
  // A change of someone's roles is a sensitive change: it asks for a recent proof of identity, as the role routes do.
  if (changedRoles.length && !recentlyVerified(caller.session)) throw new AppError(403, 'STEP_UP_REQUIRED', 'errors.security.stepUpRequired');
  await checkRoleGrant(deps.db, caller, changedRoles);
  await checkReferences(deps.db, caller.companyId, input);
  const scheduleFields = mergedScheduleFields(
    { workingHours: row.workingHours as never, breakTimes: row.breakTimes as never, vacationRecords: row.vacationRecords as never },
    input,
  );
  if (Object.keys(scheduleFields).length) throw validationFailed(scheduleFields);
  // An unchanged e-mail is its holder's own: only a new one is looked up.
  const emailChanged = input.email !== undefined && (input.email ?? '').toLowerCase() !== (row.email ?? '').toLowerCase();
  const email = emailChanged ? input.email : undefined;
  await checkUnique(deps, ctx, caller.companyId, { identity: input.identity, email, account: hasAccount }, id);

  const before = await getEmployee(deps, caller.companyId, id);
  const columns = columnsOf(input, (row.details ?? {}) as Details);
  const image = uploads.image ?? uploads.picture;
  if (image) columns.imageFileId = image.id;
  else if (input.image === '') columns.imageFileId = null;
  // The full form (staff, doctor or user) always sends the week's hours: saving it completes an invited person's record.
  if (row.incomplete && input.workingHours !== undefined) columns.incomplete = false;
  // The files this edit lets go of: a replaced or removed picture, and the files of documents it replaces or removes.
  const documentsChange = input.documents !== undefined || EMPLOYEE_DOCUMENT_KINDS.some((k) => uploads[`documents.${k}.file`]);
  const previousFiles = [
    'imageFileId' in columns ? row.imageFileId : null,
    ...(documentsChange ? (await findDocuments(deps.db, caller.companyId, id)).map((d) => d.fileId) : []),
  ];
  const strip = (r: EmployeeRecord) => ({
    ...r,
    image: r.image?._id ?? null,
    documents: Object.fromEntries(Object.entries(r.documents).map(([k, d]) => [k, { file: d.file?._id ?? null, effectiveDate: d.effectiveDate }])),
    updatedAt: undefined,
    version: undefined,
  });
  // The change, its audit row and the ended credentials of a deactivated person commit together.
  const deactivated = input.isActive === false && row.isActive;
  const after = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await keepingAnAdministrator(tx, caller.companyId, async () => {
      // Re-checked under the company's lock: the employee may have become an administrator meanwhile.
      await checkNotAdministrator(tx, caller, id);
      if (!(await updateEmployeeAt(tx, caller.companyId, id, input.version, columns))) return staleOrMissing(async () => Boolean(await findEmployee(tx, caller.companyId, id)));
      await replaceLinks(tx, caller.companyId, id, input);
      await applyDocuments(tx, caller.companyId, id, input.documents, uploads);
    });
    // An invitation was sent to the address this edit replaces (a typo, say): whoever holds that mailbox must not set up
    // the account. Its links lapse now, audited; the person stays invited, and sending again uses the new address.
    if (emailChanged) {
      for (const invitation of await lapseInvitations(tx, caller.companyId, id, clockNow(deps))) {
        await recordAudit(tx, ctx, {
          companyId: caller.companyId, actorId: caller.id, action: 'revoke', entity: 'invitation', entityId: invitation,
          changes: { reason: 'email_changed', employee: id },
        });
      }
    }
    const changed = await getEmployee(withDb(deps, tx), caller.companyId, id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: isStatusOnly(input) ? (input.isActive ? 'activate' : 'deactivate') : 'update',
      entity: ENTITY, entityId: id, changes: changedFields(strip(before), strip(changed)),
    });
    // Everything that acts for the person ends for good: sessions, file links, calendar feeds, live streams.
    if (deactivated) await revokeCredentials(tx, ctx, { companyId: caller.companyId, employeeId: id, actorId: caller.id, reason: 'deactivated' });
    return changed;
  });
  if (deactivated) await announceCredentialChange(deps, ctx, caller.companyId);
  await removeUnreferencedFiles(deps, caller.companyId, previousFiles);
  return after;
}

export async function deleteEmployee(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const row = await loadEmployee(deps, caller.companyId, id);
  if (caller.id === id) throw new AppError(409, 'SELF_DELETE', 'errors.cannotDeleteSelf');
  await checkNotAdministrator(deps.db, caller, id);
  if (await signsIn(deps.db, caller.companyId, id)) {
    if (!mayUse(caller.permissions, 'user_delete')) throw new AppError(403, 'FORBIDDEN', 'errors.accountPermissionNeeded');
    await checkTargetWithin(deps.db, caller, id);
  }
  const booked = await appointmentsOfDoctor(deps.db, caller.companyId, id);
  if (booked > 0) throw new AppError(409, 'EMPLOYEE_HAS_APPOINTMENTS', 'errors.employeeHasAppointments', { count: booked });
  const before = await getEmployee(deps, caller.companyId, id);
  const ownFiles = [row.imageFileId, ...(await findDocuments(deps.db, caller.companyId, id)).map((d) => d.fileId)];
  try {
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const deleted = await keepingAnAdministrator(tx, caller.companyId, async () => {
        await checkNotAdministrator(tx, caller, id);
        return deleteEmployeeRow(tx, caller.companyId, id);
      });
      if (!deleted) throw notFound();
      // Their sign-ins go with the row; what they made that outlives it (calendar feeds) is revoked with it.
      await revokeCredentials(tx, ctx, { companyId: caller.companyId, employeeId: id, actorId: caller.id, reason: 'deleted' });
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: ENTITY, entityId: id,
        changes: { before: { publicId: before.publicId, name: before.name, employeeType: before.employeeType, username: before.username, roleIds: before.roleIds } },
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError(409, 'EMPLOYEE_IN_USE', 'errors.employeeInUse');
    throw err;
  }
  await announceCredentialChange(deps, ctx, caller.companyId);
  // The picture and documents of a removed employee (their rows went with the employee).
  await removeUnreferencedFiles(deps, caller.companyId, ownFiles);
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23503') return true;
  }
  return false;
}
