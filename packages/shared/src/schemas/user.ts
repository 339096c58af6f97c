import { z } from 'zod';
import { EMPLOYEE_TYPES } from '../constants.js';
import { listQuerySchema, refSchema } from './common.js';

/** A row of the users list (an employee with sign-in fields). Issue areas extend the full employee record. */
export const userListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  roleIds: z.array(refSchema),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const employeeSortFields = ['_id', 'publicId', 'name', 'username', 'employeeType', 'isActive', 'createdAt'] as const;
export const employeeListQuery = listQuerySchema(employeeSortFields).extend({
  employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.invalidValue' }).optional(),
  dateOfBirth: z.string().max(40).optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;
