/** Queries of single sign-on: the provider row, the password rule, identities at the provider, accounts and roles. */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  authChallenges, companies, companySecurity, employeeRoles, employees, externalIdentities, rolePermissions, roles, ssoProviders,
} from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { qualified } from '../../lib/sql.js';
import { holdsEmail } from '../employees/index.js';

export type ProviderRow = typeof ssoProviders.$inferSelect;

export async function findProvider(db: Db, companyId: string): Promise<ProviderRow | null> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.companyId, companyId));
  return row ?? null;
}

export async function upsertProvider(db: Db, values: typeof ssoProviders.$inferInsert): Promise<void> {
  const { companyId: _c, ...set } = values;
  await db.insert(ssoProviders).values(values).onConflictDoUpdate({ target: ssoProviders.companyId, set: { ...set, updatedAt: new Date() } });
}

export async function passwordRule(db: Db, companyId: string): Promise<{ passwordSignIn: boolean; breakGlassEmployeeId: string | null }> {
  const [row] = await db
    .select({ passwordSignIn: companySecurity.passwordSignIn, breakGlassEmployeeId: companySecurity.breakGlassEmployeeId })
    .from(companySecurity).where(eq(companySecurity.companyId, companyId));
  return row ?? { passwordSignIn: true, breakGlassEmployeeId: null };
}

/** Sets only the password rule's columns (the organisation's other sign-in rules are another form's). */
export async function savePasswordRule(db: Db, companyId: string, rule: { passwordSignIn: boolean; breakGlassEmployeeId: string | null }): Promise<void> {
  await db.insert(companySecurity).values({ companyId, ...rule })
    .onConflictDoUpdate({ target: companySecurity.companyId, set: { ...rule, updatedAt: new Date() } });
}

/**
 * The company named by its booking-page address, its id, or an e-mail address or domain that exactly one organisation
 * with single sign-on on allows (two or more: none, the choice would be a guess).
 */
export async function findCompanyByAddress(db: Db, address: string): Promise<string | null> {
  const value = address.trim().toLowerCase();
  if (value.includes('.')) {
    const domain = value.slice(value.lastIndexOf('@') + 1);
    const rows = await db.select({ id: ssoProviders.companyId }).from(ssoProviders)
      .where(and(eq(ssoProviders.enabled, true), sql`${ssoProviders.allowedDomains} @> jsonb_build_array(${domain}::text)`)).limit(2);
    return rows.length === 1 ? rows[0]!.id : null;
  }
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
  const [row] = await db.select({ id: companies.id }).from(companies).where(isId ? eq(companies.id, value) : eq(companies.bookingSlug, value));
  return row?.id ?? null;
}

/** The company's roles among these ids. */
export async function existingRoleIds(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, companyId), inArray(roles.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Whether the employee is an active account of the company holding the admin permission. */
export async function isActiveAdmin(db: Db, companyId: string, employeeId: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees)
    .innerJoin(employeeRoles, and(eq(employeeRoles.companyId, employees.companyId), eq(employeeRoles.employeeId, employees.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.companyId, employeeRoles.companyId), eq(rolePermissions.roleId, employeeRoles.roleId)))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), eq(employees.isActive, true), eq(rolePermissions.permission, 'admin')))
    .limit(1);
  return Boolean(row);
}

export interface SsoAccount { id: string; companyId: string; isActive: boolean }

const account = { id: employees.id, companyId: employees.companyId, isActive: employees.isActive };

export async function findLinkedAccount(db: Db, companyId: string, issuer: string, subject: string): Promise<SsoAccount | null> {
  const [row] = await db.select(account).from(externalIdentities)
    .innerJoin(employees, and(eq(employees.companyId, externalIdentities.companyId), eq(employees.id, externalIdentities.employeeId)))
    .where(and(eq(externalIdentities.companyId, companyId), eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
  return row ?? null;
}

/**
 * The company's employees with this e-mail address, those that hold it first (`holder`: an account that can sign in, or
 * an invited person), at most two: a second holder makes the match a guess. `linkable`: a holder with no identity at
 * this provider yet (an address the provider gave to someone else since is not the same person).
 */
export async function findByEmail(
  db: Db, companyId: string, email: string, issuer: string,
): Promise<Array<SsoAccount & { holder: boolean; linkable: boolean }>> {
  const holder = holdsEmail();
  return db.select({
    ...account,
    holder,
    linkable: sql<boolean>`${holder} and not exists (select 1 from ${externalIdentities} x
        where x.company_id = ${qualified(employees.companyId)} and x.employee_id = ${qualified(employees.id)} and x.issuer = ${issuer})`,
  }).from(employees)
    .where(and(eq(employees.companyId, companyId), sql`lower(${employees.email}) = ${email}`))
    .orderBy(sql`${holder} desc`, employees.id).limit(2);
}

export async function linkIdentity(db: Db, values: { companyId: string; issuer: string; subject: string; employeeId: string }): Promise<void> {
  await db.insert(externalIdentities).values({ ...values, lastSignInAt: new Date() }).onConflictDoNothing();
}

export async function touchIdentity(db: Db, companyId: string, issuer: string, subject: string): Promise<void> {
  await db.update(externalIdentities).set({ lastSignInAt: new Date() })
    .where(and(eq(externalIdentities.companyId, companyId), eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
}

export async function roleIdsOf(db: Db, companyId: string, employeeId: string): Promise<string[]> {
  const rows = await db.select({ id: employeeRoles.roleId }).from(employeeRoles)
    .where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)));
  return rows.map((r) => r.id);
}

export async function replaceRoles(db: Db, companyId: string, employeeId: string, roleIds: string[]): Promise<void> {
  await db.delete(employeeRoles).where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)));
  if (roleIds.length) await db.insert(employeeRoles).values(roleIds.map((roleId) => ({ companyId, employeeId, roleId })));
}

/**
 * Spends a hand-off code once: marks it used and empties its data in the same statement, answering the data it held
 * (null when unknown, spent or expired), so the sign-in's tokens do not stay in the table.
 */
export async function takeChallenge(db: Db, purpose: string, tokenHash: string): Promise<{ subject: unknown; data: unknown } | null> {
  const old = db.$with('old').as(
    db.select({ id: authChallenges.id, subject: authChallenges.subject, data: authChallenges.data }).from(authChallenges)
      .where(and(eq(authChallenges.tokenHash, tokenHash), eq(authChallenges.purpose, purpose), isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, sql`now()`))),
  );
  const rows = await db.with(old).update(authChallenges).set({ usedAt: sql`now()`, data: {} })
    .from(old).where(and(eq(authChallenges.id, old.id), isNull(authChallenges.usedAt)))
    .returning({ subject: old.subject, data: old.data });
  return rows[0] ?? null;
}

/** An account made at a person's first single sign-on: no user name or password (they sign in through the provider). */
export async function insertSsoAccount(db: Db, companyId: string, person: { name: string; email: string; roleIds: string[] }): Promise<SsoAccount> {
  const publicId = await nextPublicId(db, companyId, 'employee', 'EMP');
  const [row] = await db.insert(employees)
    .values({ companyId, publicId, name: person.name, email: person.email, employeeType: 'Employee' })
    .returning(account);
  await db.insert(employeeRoles).values(person.roleIds.map((roleId) => ({ companyId, employeeId: row!.id, roleId })));
  return row!;
}
