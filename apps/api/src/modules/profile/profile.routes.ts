import {
  changePasswordInput, changePasswordResult, clinicChoiceInput, employeeRecord, okSchema, preferencesInput, profileUpdateInput, sessionUserSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { sessionUser, setPlan } from '../auth/auth.service.js';
import { getEmployee } from '../employees/employees.service.js';
import { changePassword, saveClinicChoice, savePreferences } from './profile.service.js';

export function profileRoutes(app: App, deps: Deps) {
  app.get('/api/profile', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], response: { 200: okSchema(sessionUserSchema) } },
    handler: async (req) => ({ success: true as const, data: await sessionUser(deps, callerOf(req)) }),
  });

  /** The caller's own full record (My profile), whatever their permissions. */
  app.get('/api/profile/details', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], response: { 200: okSchema(employeeRecord) } },
    handler: async (req) => {
      const caller = callerOf(req);
      return { success: true as const, data: await getEmployee(deps, caller.companyId, caller.id) };
    },
  });

  app.put('/api/profile', {
    config: { permission: 'admin' },
    schema: { tags: ['profile'], body: profileUpdateInput, response: { 200: okSchema(sessionUserSchema) } },
    handler: async (req) => {
      const caller = await setPlan(deps, callerOf(req), req.body.plan);
      return { success: true as const, message: t(req, 'success.updated'), data: await sessionUser(deps, caller) };
    },
  });

  /** The caller's own display settings (Hijri dates, digits); anyone signed in sets their own. */
  app.put('/api/profile/preferences', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], body: preferencesInput, response: { 200: okSchema(sessionUserSchema) } },
    handler: async (req) => {
      const caller = callerOf(req);
      await savePreferences(deps, requestContext(req), caller, req.body);
      return { success: true as const, message: t(req, 'success.display.preferencesSaved'), data: await sessionUser(deps, caller) };
    },
  });

  /** The clinic the caller last chose on a day's screen: opened first next time, on any device. */
  app.put('/api/profile/clinic', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], body: clinicChoiceInput, response: { 200: okSchema(sessionUserSchema) } },
    handler: async (req) => {
      const caller = callerOf(req);
      await saveClinicChoice(deps, requestContext(req), caller, req.body);
      return { success: true as const, data: await sessionUser(deps, caller) };
    },
  });

  app.put('/api/profile/password', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], body: changePasswordInput, response: { 200: okSchema(changePasswordResult) } },
    handler: async (req) => ({
      success: true as const,
      message: t(req, 'success.passwordChanged'),
      data: await changePassword(deps, requestContext(req), callerOf(req), req.body),
    }),
  });
}
