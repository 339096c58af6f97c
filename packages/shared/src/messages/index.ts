/**
 * Message catalogue shared by API and web, one file per area, merged here.
 * Schemas carry keys (for example `validation.usernameRequired`); each side translates them.
 * An area file exports `<area>En` and `<area>Ar` with the same shape.
 */
import { billingAr, billingEn } from './billing.js';
import { chartAr, chartEn } from './chart.js';
import { clinicalObservationsAr, clinicalObservationsEn } from './clinical-observations.js';
import { clinicalAr, clinicalEn } from './clinical.js';
import { coreAr, coreEn } from './core.js';
import { diagnosesAr, diagnosesEn } from './diagnoses.js';
import { doctorSharesAr, doctorSharesEn } from './doctor-shares.js';
import { eInvoicesAr, eInvoicesEn } from './e-invoices.js';
import { displayAr, displayEn } from './display.js';
import { exportsAr, exportsEn } from './exports.js';
import { importsAr, importsEn } from './imports.js';
import { webhooksAr, webhooksEn } from './webhooks.js';
import { interopAr, interopEn } from './interop.js';
import { medicationsAr, medicationsEn } from './medications.js';
import { onlineBookingAr, onlineBookingEn, onlineBookingPublicAr, onlineBookingPublicEn } from './online-booking.js';
import { ordersAr, ordersEn } from './orders.js';
import { organisationAr, organisationEn } from './organisation.js';
import { patientsAr, patientsEn } from './patients.js';
import { prescriptionsAr, prescriptionsEn } from './prescriptions.js';
import { peopleAr, peopleEn } from './people.js';
import { passkeysAr, passkeysEn } from './passkeys.js';
import { pluralCategory } from './plurals.js';
import { remindersAr, remindersEn } from './reminders.js';
import { securityAr, securityEn } from './security.js';
import { sessionsAr, sessionsEn } from './sessions.js';
import { ssoAr, ssoEn } from './sso.js';
import { schedulingAr, schedulingEn } from './scheduling.js';
import { seriesAr, seriesEn } from './series.js';
import { twoFactorAr, twoFactorEn } from './two-factor.js';
import { waitingRoomAr, waitingRoomEn } from './waiting-room.js';
import { queueDisplaysAr, queueDisplaysEn } from './queue-displays.js';

type Tree = { [key: string]: string | Tree };

function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
    }
  }
  return out;
}

export const messagesEn: Tree = merge(coreEn, organisationEn, schedulingEn, patientsEn, peopleEn, interopEn, seriesEn, remindersEn, exportsEn, billingEn, eInvoicesEn, doctorSharesEn, displayEn, clinicalObservationsEn, diagnosesEn, medicationsEn, clinicalEn, prescriptionsEn, ordersEn, chartEn, onlineBookingEn, onlineBookingPublicEn, securityEn, passkeysEn, sessionsEn, ssoEn, twoFactorEn, waitingRoomEn, queueDisplaysEn, importsEn, webhooksEn);
export const messagesAr: Tree = merge(coreAr, organisationAr, schedulingAr, patientsAr, peopleAr, interopAr, seriesAr, remindersAr, exportsAr, billingAr, eInvoicesAr, doctorSharesAr, displayAr, clinicalObservationsAr, diagnosesAr, medicationsAr, clinicalAr, prescriptionsAr, ordersAr, chartAr, onlineBookingAr, onlineBookingPublicAr, securityAr, passkeysAr, sessionsAr, ssoAr, twoFactorAr, waitingRoomAr, queueDisplaysAr, importsAr, webhooksAr);
export const catalogs = { en: messagesEn, ar: messagesAr } as const;


function lookup(key: string, lang: string): string | undefined {
  let node: string | Tree | undefined = lang === 'ar' ? messagesAr : messagesEn;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
    if (node === undefined) return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Looks up a dotted key (`errors.notFound`) and fills `{{name}}` placeholders. Unknown keys come back as given.
 * A counted text is written once per plural category, as i18next reads them (`key_one`, `key_other`; Arabic also
 * `key_zero`, `key_two`, `key_few`, `key_many`): a numeric `count` picks the language's form.
 */
export function translate(key: string, lang: string, params?: Record<string, string | number>): string {
  const count = params?.count;
  const counted = typeof count === 'number'
    ? lookup(`${key}_${pluralCategory(lang, count)}`, lang) ?? lookup(`${key}_other`, lang)
    : undefined;
  let text = counted ?? lookup(key, lang) ?? lookup(`${key}_other`, lang) ?? key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.split(`{{${k}}}`).join(String(v));
  return text;
}

export function isMessageKey(key: string): boolean {
  return translate(key, 'en') !== key;
}
