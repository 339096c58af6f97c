// Free slots for the booking scenario, inside the bench data set's free window (days 30 to 90 from the seed).
import { CLINIC_DAYS, DOCTOR_HOURS, VISIT_MINUTES } from './tiers.mjs';

async function get(base, token, url) {
  const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()).data;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export async function bookingSlots({ base, token, fromDay, toDay }) {
  const servicesList = await get(base, token, '/api/services?allData=true');
  const patients = await get(base, token, '/api/patients?allData=true');
  // A doctor, the clinic they work at and a service they provide there.
  const doctors = new Map();
  for (const s of servicesList) for (const d of s.doctors ?? []) if (!doctors.has(d._id)) doctors.set(d._id, { clinic: s.clinic._id, service: s._id });
  const list = [...doctors.entries()];
  if (!list.length || !patients.length) throw new Error('no doctors with services, or no patients, in the bench data');
  const [sh, sm] = DOCTOR_HOURS.startTime.split(':').map(Number);
  const [eh, em] = DOCTOR_HOURS.endTime.split(':').map(Number);
  const slotsPerDay = ((eh * 60 + em) - (sh * 60 + sm)) / VISIT_MINUTES;
  const today = new Date(Math.floor((Date.now() + 3 * 3600_000) / 86_400_000) * 86_400_000);
  const out = [];
  let instant = 0;
  for (let d = fromDay; d < toDay; d++) {
    const date = new Date(today.getTime() + d * 86_400_000);
    if (!CLINIC_DAYS.includes(DAY_NAMES[date.getUTCDay()])) continue;
    const ymd = date.toISOString().slice(0, 10);
    for (let s = 0; s < slotsPerDay; s++, instant++) {
      const minutes = sh * 60 + sm + s * VISIT_MINUTES;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      list.forEach(([doctor, { clinic, service }], i) => {
        // At one instant each doctor sees a different patient.
        const patient = patients[(i + instant * list.length) % patients.length]._id;
        out.push({ patient, doctor, clinic, service, datetime: `${ymd}T${time}:00+03:00`, reason: 'Benchmark booking' });
      });
    }
  }
  // Interleave so consecutive requests spread over doctors and days.
  return out;
}
