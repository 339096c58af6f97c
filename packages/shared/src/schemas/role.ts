import { z } from 'zod';
import { PERMISSIONS } from '../constants.js';
import { listQuerySchema } from './common.js';
import { versionInput, versionSchema } from './version.js';

/** Roles group permissions; users hold roles. Admin (the `admin` permission) implies every permission. */
export const roleRecord = z.object({
  _id: z.string(),
  name: z.string(),
  isSystem: z.boolean(),
  permissions: z.array(z.string()),
  usersCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type RoleRecord = z.infer<typeof roleRecord>;

export const roleSortFields = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
/** The spec's roles list defaults to 5 a page. */
export const roleListQuery = listQuerySchema(roleSortFields).extend({
  limit: listQuerySchema(roleSortFields).shape.limit.removeDefault().default(5),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

const permissionCode = z.enum(PERMISSIONS, { error: 'validation.permissionUnknown' });
const permissionList = z
  .array(permissionCode, { error: 'validation.permissionsMin' })
  .min(1, { error: 'validation.permissionsMin' })
  .max(PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

const roleName = z
  .string({ error: 'validation.roleNameRequired' })
  .trim()
  .min(1, { error: 'validation.roleNameRequired' })
  .max(50, { error: 'validation.tooLong' });

export const roleCreateInput = z.strictObject({ name: roleName, permissions: permissionList });
export type RoleCreateInput = z.infer<typeof roleCreateInput>;
export const roleUpdateInput = z.strictObject({ name: roleName.optional(), permissions: permissionList.optional(), version: versionInput });
export type RoleUpdateInput = z.infer<typeof roleUpdateInput>;

/** Form values of the role editor: permissions the catalogue has (what a role's save accepts). */
export const roleFormSchema = z.object({
  name: roleName,
  permissions: z.array(permissionCode).min(1, { error: 'validation.permissionsMin' }),
});
export type RoleFormValues = z.infer<typeof roleFormSchema>;

/** Permission catalogue entry: the code and the area it belongs to (for grouping on screen). */
export const permissionEntry = z.object({ code: permissionCode, group: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** Permissions whose area is not their prefix: the clinical record's are shown together. */
const GROUP_OF: Readonly<Record<string, string>> = {
  prescribe: 'clinical', order: 'clinical', result_write: 'clinical', doctor_share_read_all: 'doctor_share', data_import: 'data', webhooks_manage: 'webhooks',
};

/** The area of a permission code: `user_create` -> `user`; `admin` -> `admin`; `prescribe` -> `clinical`. */
export function permissionGroup(code: string): string {
  const named = GROUP_OF[code];
  if (named) return named;
  const i = code.lastIndexOf('_');
  return i > 0 ? code.slice(0, i) : code;
}
