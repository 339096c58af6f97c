import type { SsoGroupRole, SsoProvisioning, SsoSettingsRecord, SsoTestResult, ssoSettingsInput } from '@clinic/shared';
import type { z } from 'zod';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inOrganisationTransaction } from '../../lib/transaction.js';
import { discover } from './oidc.js';
import { providerAddressRefusal } from './provider-fetch.js';
import { existingRoleIds, findProvider, isActiveAdmin, passwordRule, savePasswordRule, upsertProvider } from './sso.repository.js';
import { seal } from '../../lib/secret-box.js';

/** An organisation's single sign-on settings (administrators): the provider, who may come in, and the password rule. */

export const SECRET_PURPOSE = 'sso';
export const CALLBACK_PATH = '/api/auth/sso/callback';

type Input = z.output<typeof ssoSettingsInput>;

export const redirectUriOf = (deps: Deps) => `${deps.config.publicUrl}${CALLBACK_PATH}`;

export async function getSsoSettings(deps: Deps, caller: Caller): Promise<SsoSettingsRecord> {
  const [row, rule] = await Promise.all([findProvider(deps.db, caller.companyId), passwordRule(deps.db, caller.companyId)]);
  return {
    configured: Boolean(row),
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    clientSecretSet: Boolean(row?.clientSecretEnc),
    allowedDomains: (row?.allowedDomains as string[] | undefined) ?? [],
    groupRoles: (row?.groupRoles as SsoGroupRole[] | undefined) ?? [],
    provisioning: (row?.provisioning as SsoProvisioning | undefined) ?? 'invite',
    label: row?.label ?? null,
    passwordSignIn: rule.passwordSignIn,
    breakGlassEmployeeId: rule.breakGlassEmployeeId,
    redirectUri: redirectUriOf(deps),
  };
}

/**
 * Saves the provider and the password rule together, checked under the organisation's lock: a client secret is needed
 * once; every mapped role must be the organisation's; password sign-in can be off only while single sign-on is on, and
 * then names an active administrator who may still use a password (else nobody could sign in if the provider fails).
 */
export async function saveSsoSettings(deps: Deps, ctx: RequestContext, caller: Caller, input: Input): Promise<SsoSettingsRecord> {
  const companyId = caller.companyId;
  // Resolved before the organisation's lock is taken (a lookup may take seconds); checked again at every use.
  const issuerRefused = await issuerRefusal(deps, input.issuer);
  await inOrganisationTransaction(deps.db, companyId, async (tx) => {
    const before = await getSsoSettings({ ...deps, db: tx }, caller);
    const secret = input.clientSecret?.trim();
    const fields: Record<string, FieldMessage> = {};
    if (issuerRefused) fields.issuer = issuerRefused;
    if (!secret && !before.clientSecretSet) fields.clientSecret = 'errors.security.sso.secretRequired';
    const known = await existingRoleIds(tx, companyId, input.groupRoles.map((g) => g.roleId));
    input.groupRoles.forEach((g, i) => { if (!known.has(g.roleId)) fields[`groupRoles.${i}.roleId`] = 'errors.security.sso.unknownRole'; });
    if (!input.passwordSignIn) {
      if (!input.enabled) fields.passwordSignIn = 'errors.security.sso.passwordNeedsSso';
      else if (!input.breakGlassEmployeeId) fields.breakGlassEmployeeId = 'errors.security.sso.breakGlassRequired';
    }
    if (input.breakGlassEmployeeId && !(await isActiveAdmin(tx, companyId, input.breakGlassEmployeeId))) {
      fields.breakGlassEmployeeId = 'errors.security.sso.breakGlassNotAdmin';
    }
    if (Object.keys(fields).length) throw validationFailed(fields);

    const clientSecretEnc = secret ? seal(deps.config.jwtSecret, SECRET_PURPOSE, secret) : (await findProvider(tx, companyId))!.clientSecretEnc;
    const domains = [...new Set(input.allowedDomains)];
    await upsertProvider(tx, {
      companyId, enabled: input.enabled, issuer: input.issuer, clientId: input.clientId, clientSecretEnc, allowedDomains: domains,
      groupRoles: input.groupRoles, provisioning: input.provisioning, label: input.label || null,
    });
    await savePasswordRule(tx, companyId, { passwordSignIn: input.passwordSignIn, breakGlassEmployeeId: input.breakGlassEmployeeId });
    const after = { ...before, ...input, allowedDomains: domains, clientSecret: undefined, clientSecretSet: true };
    const changes = changedFields({ ...before }, { ...after }) ?? { before: {}, after: {} };
    await recordAudit(tx, ctx, {
      companyId, actorId: caller.id, action: 'sso_settings_updated', entity: 'sso_settings', entityId: companyId,
      changes: { ...changes, ...(secret && { clientSecretChanged: true }) },
    });
  });
  return getSsoSettings(deps, caller);
}

/**
 * Why the server will not reach this issuer (a field message), or null. A name that does not resolve now is not
 * refused here: the provider may not be reachable yet; every request to it is checked again.
 */
async function issuerRefusal(deps: Deps, issuer: string): Promise<FieldMessage | null> {
  const refusal = await providerAddressRefusal(issuer, deps.config.ssoAllowPrivateIssuers);
  if (refusal === 'targetRefused') return 'errors.security.sso.issuerPrivate';
  if (refusal === 'httpsOnly' || refusal === 'urlInvalid') return 'validation.security.sso.issuer';
  return null;
}

/** Fetches the issuer's discovery document: it must be an address the server may reach, answer, and name the issuer typed. */
export async function testSsoConnection(deps: Deps, issuer: string): Promise<SsoTestResult> {
  const refused = await issuerRefusal(deps, issuer);
  if (refused) throw validationFailed({ issuer: refused });
  try {
    const config = await discover({ issuer, clientId: 'connection-test', clientSecret: 'connection-test' }, deps.config.ssoAllowPrivateIssuers);
    const meta = config.serverMetadata();
    return { issuer: meta.issuer, authorizationEndpoint: meta.authorization_endpoint ?? '' };
  } catch {
    throw new AppError(422, 'SSO_DISCOVERY_FAILED', 'errors.security.sso.discoveryFailed');
  }
}
