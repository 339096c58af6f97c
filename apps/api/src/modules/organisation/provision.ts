import { DEFAULT_ROLES, PERMISSIONS, type EmployeeType, type Plan } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { companies, employeeRoles, employees, permissions, rolePermissions, roles } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { nextPublicId } from '../../lib/public-id.js';

/** Makes sure every permission code exists in the catalogue table (run at start). */
export async function syncPermissionCatalogue(db: Db): Promise<void> {
  await db.insert(permissions).values(PERMISSIONS.map((code) => ({ code }))).onConflictDoNothing();
}

export interface NewAccount {
  name: string;
  username: string;
  email: string;
  password: string;
  employeeType: EmployeeType;
  roleNames: string[];
}

export interface NewOrganisation {
  name: string;
  plan: Plan | null;
  timeZone?: string;
  admin: Omit<NewAccount, 'employeeType' | 'roleNames'>;
}

/** Creates a company with the default roles and its first administrator, in one transaction. */
export async function createOrganisation(db: Db, input: NewOrganisation) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: input.name, plan: input.plan, timeZone: input.timeZone ?? 'UTC' })
      .returning();
    if (!company) throw new Error('company insert returned nothing');
    const roleIds = new Map<string, string>();
    for (const role of DEFAULT_ROLES) {
      const [row] = await tx.insert(roles).values({ companyId: company.id, name: role.name, isSystem: true }).returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      roleIds.set(role.name, row.id);
      await tx.insert(rolePermissions).values(role.permissions.map((permission) => ({ companyId: company.id, roleId: row.id, permission })));
    }
    const admin = await createAccount(tx as unknown as Db, company.id, roleIds, {
      ...input.admin,
      employeeType: 'Admin',
      roleNames: ['Admin'],
    });
    return { company, admin, roleIds };
  });
}

/** Creates an employee with sign-in fields and roles. */
export async function createAccount(db: Db, companyId: string, roleIds: Map<string, string>, account: NewAccount) {
  const publicId = await nextPublicId(db, companyId, 'employee', 'EMP');
  const [row] = await db
    .insert(employees)
    .values({
      companyId,
      publicId,
      name: account.name,
      username: account.username,
      email: account.email.toLowerCase(),
      passwordHash: await hashPassword(account.password),
      employeeType: account.employeeType,
    })
    .returning();
  if (!row) throw new Error('employee insert returned nothing');
  const ids = account.roleNames.map((n) => roleIds.get(n)).filter((v): v is string => Boolean(v));
  if (ids.length) await db.insert(employeeRoles).values(ids.map((roleId) => ({ companyId, employeeId: row.id, roleId })));
  return row;
}
