// The booking scenarios: every request takes a distinct free slot (a doctor and time nobody holds, and a patient free
// then), first at saturation (closed loop), then at half that rate (open loop); what was booked is cancelled after
// each run, so the next run finds its slots free again. Double bookings are counted in the database before cancelling.
import { BOOKING_TARGET } from './report.mjs';
import { bookingSlots } from './slots.mjs';
import { FREE_FROM_DAY, FREE_TO_DAY } from './tiers.mjs';

const ACTIVE = `('scheduled', 'arrived', 'in_consultation')`;

/**
 * Counts the booked appointments that overlap another active appointment of the same doctor or the same patient
 * (what the exclusion constraints forbid). PostgreSQL only: the embedded database is held by the server meanwhile, so
 * there the answer is null and only refusals are counted.
 */
export function doubleBookingCounter(databaseUrl) {
  if (!databaseUrl) return async () => null;
  return async (ids) => {
    if (!ids.length) return 0;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(distinct a.id)::int as n from appointments a
         join lateral (
           select 1 from appointments b where b.company_id = a.company_id and b.id <> a.id and b.status in ${ACTIVE}
             and b.doctor_id = a.doctor_id and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(a.starts_at, a.ends_at, '[)')
           union all
           select 1 from appointments b where b.company_id = a.company_id and b.id <> a.id and b.status in ${ACTIVE}
             and b.patient_id = a.patient_id and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(a.starts_at, a.ends_at, '[)')
         ) clash on true
         where a.id = any($1::uuid[]) and a.status in ${ACTIVE}`,
        [ids],
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  };
}

/**
 * Runs the booking and cancelling scenarios. `measureCannon(opts)` is a measured autocannon run, `measureOpen(opts)`
 * a measured open-loop run, `cannon(opts)` an unmeasured one; `record(name, result, extra)` adds a row.
 */
export async function bookingScenarios({ base, token, headers, tier, connections, measureCannon, measureOpen, cannon, record, countDoubleBookings, api }) {
  // Bookings a run that failed part-way left behind would refuse this run's slots.
  await cancelLeftovers(api);
  const slots = await bookingSlots({ base, token, tier, fromDay: FREE_FROM_DAY, toDay: FREE_TO_DAY });
  let next = 0;
  const body = () => JSON.stringify(slots[next++ % slots.length]);
  const outcome = () => {
    const booked = [];
    const refused = new Map();
    return {
      booked, refused,
      onResponse: (status, text) => {
        const json = JSON.parse(text || '{}');
        if (status === 201 || status === 200) booked.push(json.data._id);
        else refused.set(`${status} ${json.message?.code}`, (refused.get(`${status} ${json.message?.code}`) ?? 0) + 1);
      },
    };
  };
  /** Cancels the given bookings (each just made, at version 1), as a screen showing it would. */
  const cancelAll = (ids, measure = cannon) => {
    let c = 0;
    return measure({
      url: `${base}/api/appointments`, method: 'PATCH', headers, amount: Math.max(1, ids.length), connections: Math.max(1, Math.min(connections, ids.length)),
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/appointments/${ids[c++ % ids.length]}`, body: JSON.stringify({ status: 'cancelled', cancellationReason: 'Benchmark', version: 1 }) }) }],
    });
  };

  // Saturation (closed loop), then cancelling what it booked (a scenario of its own).
  const closed = outcome();
  const saturation = await measureCannon({
    url: `${base}/api/appointments`, method: 'POST', headers,
    requests: [{ setupRequest: (req) => ({ ...req, body: body() }), onResponse: closed.onResponse }],
  });
  const row = record('booking an appointment', saturation, {
    booked: closed.booked.length, slots: slots.length, refused: Object.fromEntries(closed.refused),
    double_bookings: await countDoubleBookings(closed.booked), target: BOOKING_TARGET,
  });
  if (closed.refused.size) console.log('  refused bookings:', Object.fromEntries(closed.refused));
  if (closed.booked.length) record('cancelling an appointment', await cancelAll(closed.booked, measureCannon));

  // Half the saturation rate, offered on a fixed schedule; each request still takes the next free slot.
  if (!row.rps) {
    await cancelLeftovers(api);
    return row;
  }
  const open = outcome();
  row.open = await measureOpen({
    rate: row.rps / 2,
    request: () => ({ path: '/api/appointments', method: 'POST', headers, body: body() }),
    onResponse: open.onResponse,
  });
  row.open.booked = open.booked.length;
  row.open.refused = Object.fromEntries(open.refused);
  const openDoubles = await countDoubleBookings(open.booked);
  row.double_bookings = row.double_bookings === null || openDoubles === null ? null : row.double_bookings + openDoubles;
  row.booked += open.booked.length;
  for (const [k, v] of open.refused) row.refused[k] = (row.refused[k] ?? 0) + v;
  console.log(`  booking at half rate: ${open.booked.length} booked, refused ${JSON.stringify(row.open.refused)}, double bookings ${openDoubles ?? 'not counted (embedded database)'}`);
  if (open.booked.length) await cancelAll(open.booked);

  await cancelLeftovers(api);
  return row;
}

/** Whatever a cancel run did not reach (autocannon may prepare a request it never sends) is cancelled one by one. */
async function cancelLeftovers(api) {
  for (;;) {
    const left = (await api('GET', '/api/appointments?status=scheduled&search=Benchmark%20booking&limit=30')).data;
    if (!left.length) break;
    for (const a of left) await api('PATCH', `/api/appointments/${a._id}`, { status: 'cancelled', cancellationReason: 'Benchmark', version: a.version });
  }
}
