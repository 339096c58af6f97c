/**
 * An Appointment search's page written by the database as the Bundle's `entry` text: each resource exactly as
 * fhir.resources.ts `appointmentResource` shapes it and `JSON.stringify` writes it (members in the same order, empty
 * values left out, instants with milliseconds), so the server passes one string through instead of turning rows into
 * objects and objects into text. The total counts the appointments alone: the joined rows exist for every one of them
 * (foreign keys), so the count needs no join. A visit whose encounter note is marked sensitive leaves out its reason and
 * carries the label R, and its lastUpdated counts the instant the mark last flipped, as the Encounter does.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, sqlLiteral } from '../../lib/sql.js';
import type { Page } from './fhir.search.js';
import { APPOINTMENT_STATUS_TO_FHIR, RESTRICTED, SYSTEMS } from './fhir.resources.js';
import type { Where } from './fhir.repository.js';

/** A JSON string of a text value (PostgreSQL escapes exactly the characters `JSON.stringify` escapes). */
const str = (value: string) => `to_json(${value})::text`;
/** An instant as `Date.toISOString` writes it (milliseconds, truncated as the driver's dates are). */
const instant = (column: string) => `('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')`;
/** Milliseconds since the epoch, truncated (as a JavaScript date holds an instant). */
const millis = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;
/** The characters `String.prototype.trim` removes (ECMAScript white space and line terminators). */
const JS_WHITE_SPACE = `U&'${['0009', '000A', '000B', '000C', '000D', '0020', '00A0', '1680', '2000', '2001', '2002', '2003', '2004', '2005', '2006',
  '2007', '2008', '2009', '200A', '2028', '2029', '202F', '205F', '3000', 'FEFF'].map((c) => `\\${c}`).join('')}'`;

const STATUS = `case x.status ${Object.entries(APPOINTMENT_STATUS_TO_FHIR).map(([ours, fhir]) => `when ${sqlLiteral(ours)} then ${sqlLiteral(JSON.stringify(fhir))}`).join(' ')} end`;

/** A participant: its reference, its display unless empty, and whether it takes part. */
const participant = (type: string, id: string, name: string) =>
  `'{"actor":{"reference":"${type}/' || ${id} || '"' || case when ${name} <> '' then ',"display":' || ${str(name)} else '' end
    || '},"required":"required","status":' || d.participation`;

/** One entry of the Bundle: fullUrl, the Appointment resource, search mode. `$base` is the FHIR base URL. */
const ENTRY = `'{"fullUrl":' || ${str(`$base || '/Appointment/' || x.id`)}
  || ',"resource":{"resourceType":"Appointment","id":"' || x.id || '"'
  || ',"meta":{' || case when x.version <> 0 then '"versionId":' || ${str('x.version::text')} || ',' else '' end
  || '"lastUpdated":' || ${instant('greatest(x.updated_at, d.sensitive_changed_at)')}
  || case when d.sensitive then ${sqlLiteral(`,"security":[${JSON.stringify(RESTRICTED)}]`)} else '' end || '}'
  || ',"identifier":[{"use":"usual","system":"${SYSTEMS.appointmentId}","value":' || ${str('x.public_id')} || '}]'
  || ',"status":' || ${STATUS}
  || case when x.status = 'cancelled' and x.cancellation_reason <> '' then ',"cancelationReason":{"text":' || ${str('x.cancellation_reason')} || '}' else '' end
  || ',"serviceType":[{"coding":[{"system":"${SYSTEMS.serviceId}","code":"' || x.service_id || '","display":' || ${str('d.service')}
  || '}],"text":' || ${str('d.service')} || '}]'
  || case when d.description <> '' and not d.sensitive then ',"description":' || ${str('d.description')} else '' end
  || ',"start":' || ${instant('x.starts_at')} || ',"end":' || ${instant('x.ends_at')}
  || case when d.minutes > 0 then ',"minutesDuration":' || d.minutes else '' end
  || ',"created":' || ${instant('x.created_at')}
  || ',"participant":[' || ${participant('Patient', 'x.patient_id', 'd.patient')} || ',' || ${participant('Practitioner', 'x.doctor_id', 'd.doctor')}
  || ',' || ${participant('Location', 'x.clinic_id', 'd.clinic')} || ']}'
  || ',"search":{"mode":"match"}}'`;

function statement(w: Where, page: Page): string {
  const base = `$${w.params.length + 1}::text`;
  // The company is $1 (Where). The names are looked up by key for the page's rows only.
  return `select (select count(*)::int from appointments a where ${w.sql}) as total, q.entries, q.patients
  from (select string_agg(${ENTRY.replace(/\$base/g, base)}, ',' order by x.starts_at, x.id) as entries,
               string_agg(x.patient_id::text, ',' order by x.starts_at, x.id) as patients
          from (select a.id, a.public_id, a.status, a.starts_at, a.ends_at, a.reason, a.cancellation_reason, a.created_at, a.updated_at, a.version,
                       a.patient_id, a.doctor_id, a.clinic_id, a.service_id
                  from appointments a where ${w.sql} order by a.starts_at, a.id limit ${page.count} offset ${page.offset}) x
          left join encounters en on en.company_id = $1 and en.appointment_id = x.id
          left join encounter_notes n on n.company_id = $1 and n.encounter_id = en.id
          cross join lateral (select btrim(x.reason, ${JS_WHITE_SPACE}) as description,
            (select p.name from patients p where p.company_id = $1 and p.id = x.patient_id) as patient,
            (select e.name from employees e where e.company_id = $1 and e.id = x.doctor_id) as doctor,
            (select c.name from clinics c where c.company_id = $1 and c.id = x.clinic_id) as clinic,
            (select s.name from services s where s.company_id = $1 and s.id = x.service_id) as service,
            coalesce(n.sensitive, false) as sensitive, n.sensitive_changed_at,
            (${millis('x.ends_at')} - ${millis('x.starts_at')} + 30000) / 60000 as minutes,
            case when x.status = 'cancelled' then '"declined"}' else '"accepted"}' end as participation
            offset 0) d) q`; // offset 0: each name is looked up once per row, not once per use
}

/** `text` with `$n` placeholders as a Drizzle statement (so it runs, and is logged, like every other one). */
function withParams(text: string, params: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)), sql`${sql.param(params[Number(m[1]) - 1])}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export interface AppointmentEntries {
  total: number;
  /** The Bundle's entries as JSON text, comma-separated (null when the page is empty). */
  entries: string | null;
  /** The page's patients, each once, in the order the page first shows them. */
  patientIds: string[];
}

/** A page of appointments with the total that matched, the entries written by the database. */
export async function appointmentEntries(db: Db, w: Where, page: Page, base: string): Promise<AppointmentEntries> {
  const result = await db.execute(withParams(statement(w, page), [...w.params, base]));
  const row = rowsOf<{ total: number; entries: string | null; patients: string | null }>(result)[0]!;
  return { total: row.total, entries: row.entries, patientIds: row.patients ? [...new Set(row.patients.split(','))] : [] };
}
