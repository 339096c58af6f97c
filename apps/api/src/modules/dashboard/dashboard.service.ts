import {
  addDays, type AppointmentStatus, calendarDays, currencyMinorDigits, DASHBOARD_AGENDA_CAP, type DashboardAgendaItem, type DashboardFigures, type DashboardQuery,
  endOfLocalDay, localTime, planAllows, safeTimeZone, startOfLocalDay, zonedIso,
} from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { todayIn } from '../patients/index.js';
import { billingCurrency, paidRevenue } from '../billing/index.js';
import { dashboardFiguresOf, type DashAggregates } from './dashboard.domain.js';
import {
  agendaCount, agendaRows, findComplexRef, periodGroups, type PeriodGroups, scopeClinics, scopePeople, servicePrices, type GroupRow,
} from './dashboard.repository.js';
import { keptUnderStamp } from './stamp-cache.js';

/** Most appointments today's agenda lists. */
const AGENDA_CAP = DASHBOARD_AGENDA_CAP;

/** Instants safely around clinic-local days `from`..`to` in any zone (a day either side). */
const around = (from: string, to: string) => ({ start: new Date(`${addDays(from, -1)}T00:00:00Z`), end: new Date(`${addDays(to, 2)}T00:00:00Z`) });

export async function dashboard(deps: Deps, caller: Caller, q: DashboardQuery): Promise<DashboardFigures> {
  const db = deps.db;
  const companyId = caller.companyId;
  const asOf = new Date().toISOString();
  const today = todayIn(caller.timeZone, new Date());
  const from = q.from ?? q.to ?? today;
  const to = q.to ?? q.from ?? today;
  const days = calendarDays(from, to)?.length ?? 1;

  // The scope: one clinic, the clinics of a complex (when the plan has complexes), or every clinic.
  let complexRef: { _id: string; name: string; publicId: string } | null = null;
  if (q.complex) {
    if (!planAllows(caller.plan as never, 'complex')) throw forbidden();
    const c = await findComplexRef(db, companyId, q.complex);
    if (!c) throw notFound();
    complexRef = { _id: c.id, name: c.name, publicId: c.publicId };
  }
  const scope = await scopeClinics(db, companyId, { clinic: q.clinic, complex: q.complex });
  if (q.clinic && !scope.length) throw notFound();
  const clinicIds = scope.map((c) => c.id);
  const calendars = scope.map((c) => ({ id: c.id, timeZone: safeTimeZone(c.timeZone), workingHours: c.workingHours, holidays: c.holidays }));

  // Read with the clinics, before anything kept is used: what was counted under this stamp is still exact (`keptUnderStamp`).
  const stamp = Number(scope[0]?.stamp ?? 0);
  const counted = await periodAggregates(deps, companyId, stamp, calendars, from, to);
  // Doctors working at the scope's clinics, and any doctor booked there in the period.
  const booked = new Set(counted.doctorsInPeriod);
  const doctors = (await scopePeople(db, companyId, clinicIds, counted.doctorsInPeriod))
    .filter((d) => d.employeeType === 'Doctor' || booked.has(d.id));
  const figures = dashboardFiguresOf({ from, to, clinics: calendars, doctors, counted });
  const names = new Map(doctors.map((d) => [d.id, { _id: d.id, name: d.name, publicId: d.publicId }]));

  return {
    period: { from, to, days },
    asOf,
    scope: {
      clinic: q.clinic && scope[0] ? { _id: scope[0].id, name: scope[0].name, publicId: scope[0].publicId } : null,
      complex: complexRef,
      clinics: scope.length,
    },
    ...figures,
    collected: await collected(deps, companyId, calendars, from, to),
    onlineBookings: counted.online,
    currency: await billingCurrency(db, companyId),
    utilisation: figures.utilisation.map(({ doctorId, ...u }) => ({ doctor: names.get(doctorId) ?? { _id: doctorId, name: '' }, ...u })),
    today,
    ...await agenda(deps, companyId, stamp, scope, today),
  };
}

/**
 * The period's figures counted by the database in one statement: the scope's appointments whose clinic-local day is
 * in the period (each clinic's days as one instant range on `appointments_clinic_time_idx`), grouped by status, by
 * doctor, by completed visits' service and by local weekday and hour of active ones; and the period's patients with a completed visit, of whom those
 * with an earlier completed visit anywhere in the company (`appointments_patient_completed_idx`) are returning.
 * The rows themselves never leave the database. The count is kept while the company's appointments are unchanged
 * (`PeriodCounts`: checked against the company's change stamp on every request).
 */
async function periodAggregates(deps: Deps, companyId: string, stamp: number, scope: Array<{ id: string; timeZone: string }>, from: string, to: string) {
  const empty = { byStatus: {}, online: 0, lateCancellations: 0, arrivals: 0, waits: { count: 0, minutes: 0 }, bookedMinutes: new Map<string, number>(), cells: [], patients: { new: 0, returning: 0 }, revenue: 0 };
  if (!scope.length) return { ...empty, doctorsInPeriod: [] as string[] };
  const key = ['period', companyId, from, to, ...scope.map((c) => `${c.id}@${c.timeZone}`)].join('|');
  const row = await keptUnderStamp<PeriodGroups>(deps.db, key, stamp, () => periodGroups(deps.db, companyId, scope, from, to));
  const groups: GroupRow[] = typeof row.groups === 'string' ? JSON.parse(row.groups) as GroupRow[] : (row.groups ?? []);
  const counted = { ...empty, bookedMinutes: new Map<string, number>(), cells: [] as DashAggregates['cells'], byStatus: {} as DashAggregates['byStatus'] };
  const completedByService = new Map<string, number>();
  const doctorsInPeriod: string[] = [];
  for (const r of groups) {
    if (r.kind === 's' && r.status) {
      counted.byStatus[r.status] = r.n;
      counted.online += r.online ?? 0;
      if (r.status === 'cancelled') counted.lateCancellations += r.late;
      counted.arrivals += r.arrivals;
      counted.waits.count += r.waits;
      counted.waits.minutes += r.wait_minutes;
    } else if (r.kind === 'd' && r.doctor_id) {
      doctorsInPeriod.push(r.doctor_id);
      counted.bookedMinutes.set(r.doctor_id, r.booked_minutes);
    } else if (r.kind === 'v' && r.service_id && r.completed) {
      completedByService.set(r.service_id, r.completed);
    } else if (r.kind === 'h' && r.weekday !== null && r.hour !== null && r.active) {
      counted.cells.push({ weekday: r.weekday, hour: r.hour, count: r.active });
    }
  }
  counted.patients = { new: Number(row.patients) - Number(row.returning), returning: Number(row.returning) };
  counted.revenue = await periodRevenue(deps, companyId, completedByService);
  return { ...counted, doctorsInPeriod };
}

/**
 * The period's revenue: each completed visit at its service's price. The one place the dashboard's revenue comes from
 * (invoiced amounts can replace the price list here).
 */
export async function periodRevenue(deps: Deps, companyId: string, completedByService: Map<string, number>): Promise<number> {
  if (!completedByService.size) return 0;
  const prices = await servicePrices(deps.db, companyId, [...completedByService.keys()]);
  return prices.reduce((sum, s) => sum + (Number(s.price) || 0) * (completedByService.get(s.id) ?? 0), 0);
}

/**
 * Money taken in the period at the scope's clinics: payments net of refunds (billing), each clinic's local days, in
 * the company's currency (major units). One statement per time zone of the scope.
 */
async function collected(deps: Deps, companyId: string, scope: Array<{ id: string; timeZone: string }>, from: string, to: string): Promise<number> {
  if (!scope.length) return 0;
  const byZone = new Map<string, string[]>();
  for (const c of scope) byZone.set(c.timeZone, [...(byZone.get(c.timeZone) ?? []), c.id]);
  let minor = 0;
  for (const [zone, ids] of byZone) {
    minor += await paidRevenue(deps.db, companyId, ids, startOfLocalDay(from, zone), endOfLocalDay(to, zone));
  }
  if (!minor) return 0;
  return minor / 10 ** currencyMinorDigits(await billingCurrency(deps.db, companyId));
}

/**
 * Today's appointments of the scope (clinic-local today), earliest first, at most AGENDA_CAP, and how many there are.
 * The rows, with their clinic-local times, are kept under the company's change stamp like the period's counts; the
 * clinics' names are read live.
 */
async function agenda(deps: Deps, companyId: string, stamp: number, scope: Array<{ id: string; name: string; publicId: string; timeZone: string }>, today: string): Promise<{ agenda: DashboardAgendaItem[]; agendaTotal: number }> {
  if (!scope.length) return { agenda: [], agendaTotal: 0 };
  // Each clinic's own today: past midnight in Riyadh a Riyadh clinic's agenda is the new day's, whatever the viewer's zone.
  const now = new Date();
  const todays = new Map(scope.map((c) => [c.id, todayIn(safeTimeZone(c.timeZone), now)]));
  const key = ['agenda', companyId, today, ...scope.map((c) => `${c.id}@${c.timeZone}@${todays.get(c.id)}`)].join('|');
  const { rows, total } = await keptUnderStamp(deps.db, key, stamp, () => agendaOf(deps, companyId, scope, todays));
  const byId = new Map(scope.map((c) => [c.id, c]));
  const items = rows.map(({ r, datetime, endsAt }) => {
    const clinic = byId.get(r.clinicId)!;
    return {
      _id: r.id, publicId: r.publicId, datetime, endsAt, status: r.status as AppointmentStatus,
      patient: { _id: r.patientId, name: r.patientName, publicId: r.patientPublicId },
      doctor: { _id: r.doctorId, name: r.doctorName },
      clinic: { _id: clinic.id, name: clinic.name, publicId: clinic.publicId },
      service: { _id: r.serviceId, name: r.serviceName },
    };
  });
  return { agenda: items, agendaTotal: total };
}

async function agendaOf(deps: Deps, companyId: string, scope: Array<{ id: string; timeZone: string }>, todays: Map<string, string>) {
  const days = [...todays.values()].sort();
  const window = around(days[0]!, days.at(-1)!);
  const limit = AGENDA_CAP * 3;
  const rows = await agendaRows(deps.db, companyId, scope.map((c) => c.id), window, limit);
  const zones = new Map(scope.map((c) => [c.id, safeTimeZone(c.timeZone)]));
  const ofToday = rows.filter((r) => localTime(r.startsAt, zones.get(r.clinicId)!).date === todays.get(r.clinicId));
  // Every row of the window was read: today's are all here. Otherwise the database counts each clinic's own day
  // (clinics sharing a zone share it).
  let total = ofToday.length;
  if (rows.length >= limit) {
    const byZone = new Map<string, { clinicIds: string[]; start: Date; end: Date }>();
    for (const c of scope) {
      const zone = zones.get(c.id)!;
      const day = todays.get(c.id)!;
      const kept = byZone.get(`${zone}@${day}`) ?? { clinicIds: [], start: startOfLocalDay(day, zone), end: endOfLocalDay(day, zone) };
      kept.clinicIds.push(c.id);
      byZone.set(`${zone}@${day}`, kept);
    }
    total = await agendaCount(deps.db, companyId, [...byZone.values()]);
  }
  return {
    total,
    rows: ofToday.slice(0, AGENDA_CAP)
      .map((r) => ({ r, datetime: zonedIso(r.startsAt, zones.get(r.clinicId)!), endsAt: zonedIso(r.endsAt, zones.get(r.clinicId)!) })),
  };
}
