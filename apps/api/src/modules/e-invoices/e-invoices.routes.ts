import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { getEInvoiceSettings, saveEInvoiceSettings, saveStamp } from './e-invoice-settings.js';
import { findEInvoice } from './e-invoices.repository.js';
import { onboard } from './zatca-onboarding.js';
import { retrySubmission, submissionsPage } from './zatca-submissions.js';

const r = routes.eInvoices;

export function eInvoiceRoutes(app: App, deps: Deps) {
  serve(app, r.settings, async (req) => ({ success: true as const, data: await getEInvoiceSettings(deps, callerOf(req)) }));

  serve(app, r.saveSettings, async (req) => ({
    success: true as const, message: t(req, 'success.eInvoices.settingsSaved'), data: await saveEInvoiceSettings(deps, requestContext(req), callerOf(req), req.body),
  }));

  serve(app, r.saveStamp, async (req) => ({
    success: true as const, message: t(req, 'success.eInvoices.stampSaved'), data: await saveStamp(deps, requestContext(req), callerOf(req), req.body),
  }));

  serve(app, r.onboard, async (req) => ({
    success: true as const, message: t(req, 'success.eInvoices.onboarded'), data: await onboard(deps, requestContext(req), callerOf(req), req.body),
  }));

  serve(app, r.submissions, async (req) => submissionsPage(deps, requestContext(req), callerOf(req), req.query));

  serve(app, r.retrySubmission, async (req) => ({
    success: true as const, message: t(req, 'success.eInvoices.submissionRetried'), data: await retrySubmission(deps, requestContext(req), callerOf(req), req.params.id),
  }));

  // The UBL XML exactly as recorded (and hashed, signed and reported) when the document was issued.
  for (const [spec, kind] of [[r.invoiceXml, 'invoice'], [r.creditNoteXml, 'credit_note']] as const) {
    serve(app, spec, async (req, reply) => {
      const row = await findEInvoice(deps.db, callerOf(req).companyId, kind, req.params.id);
      if (!row) throw new AppError(404, 'E_INVOICE_NOT_FOUND', 'errors.eInvoices.notFound');
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${kind === 'invoice' ? 'invoice' : 'credit-note'}-${row.icv}.xml"`).send(row.xml);
    });
  }
}
