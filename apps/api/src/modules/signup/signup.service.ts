import type { SignupValues } from '@clinic/shared';
import { takenSignInName } from '../../lib/sign-in-names.js';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/transaction.js';
import { AppError, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { reserveAttempt } from '../auth/index.js';
import { createOrganisation } from '../organisation/index.js';
import { takenSignInNames } from './signup.repository.js';

function duplicate(fields: Record<string, FieldMessage>) {
  const first = Object.values(fields)[0];
  const key = typeof first === 'string' ? first : 'errors.conflict';
  return new AppError(409, 'DUPLICATE', key, undefined, fields);
}

/** Sign-in names are global (people sign in before we know their company): both must be free. */
async function assertFree(deps: Deps, username: string, email: string) {
  const taken = await takenSignInNames(deps.db, username, email);
  const fields: Record<string, FieldMessage> = {};
  if (taken.usernameTaken) fields.username = 'errors.org.usernameTaken';
  if (taken.emailTaken) fields.email = 'errors.org.emailTaken';
  if (Object.keys(fields).length) throw duplicate(fields);
}

/**
 * Creates an organisation (its company, default roles and first administrator); the route then signs the
 * administrator in, and the plan is chosen next (PUT /profile).
 *
 * Sign-in names are global, so whether a user name or e-mail is taken can only be answered truthfully; every
 * attempt is therefore counted per client address before anything is looked up, and the answers stop at the
 * limit (docs/decisions.md, "Sign-up and taken sign-in names").
 */
export async function signUp(deps: Deps, ctx: RequestContext, input: SignupValues): Promise<void> {
  const attempt = await reserveAttempt(
    deps,
    { identifier: 'signup:', ip: ctx.ip ?? '', perAddress: true },
    { max: deps.config.signupMaxAttempts, windowMinutes: deps.config.signupWindowMinutes },
  );
  if (attempt === null) throw new AppError(429, 'TOO_MANY_SIGNUPS', 'errors.tooManySignups', { minutes: deps.config.signupWindowMinutes });
  await assertFree(deps, input.username, input.email);
  try {
    // The organisation, its administrator and the audit row of the sign-up commit together.
    await inTransaction(deps.db, async (tx) => {
      const created = await createOrganisation(tx, {
        name: input.companyName,
        plan: null,
        timeZone: input.timeZone ?? 'UTC',
        admin: { name: input.name, username: input.username, email: input.email, password: input.password },
      });
      await recordAudit(tx, ctx, {
        companyId: created.company.id,
        actorId: created.admin.id,
        action: 'create',
        entity: 'company',
        entityId: created.company.id,
        changes: { after: { name: input.companyName, admin: input.username, via: 'signup' } },
      });
    });
  } catch (err) {
    // Two sign-ups racing for the same name: sign_in_names decides (its trigger names the kind of name taken).
    const taken = takenSignInName(err);
    if (taken === 'username') throw duplicate({ username: 'errors.org.usernameTaken' });
    if (taken === 'email') throw duplicate({ email: 'errors.org.emailTaken' });
    throw err;
  }
}
