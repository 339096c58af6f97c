import { describe, expect, it } from 'vitest';
import { coveredMinutes, dashboardFiguresOf, workingMinutes } from './dashboard.domain.js';

const clinic = {
  id: 'c1', timeZone: 'Asia/Riyadh', holidays: [],
  workingHours: [{ day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '20:00' }] }],
};
const doctor = {
  id: 'd1', name: 'Dr', publicId: 'EMP-1', clinicIds: ['c1'],
  workingHours: [{ day: 'Sunday', startTime: '08:00', endTime: '17:00' }], breakTimes: [{ startTime: '12:00', endTime: '12:30' }], vacationRecords: [],
};

describe('dashboard figures', () => {
  it('counts overlapping spans once', () => {
    expect(coveredMinutes([{ start: 0, end: 60 }, { start: 30, end: 90 }, { start: 120, end: 130 }])).toBe(100);
    expect(coveredMinutes([])).toBe(0);
  });

  it('works the doctor\'s hours within the clinic\'s, less breaks, and nothing on a closed day', () => {
    // Sunday 2026-03-01: 09:00-13:00 less 12:00-12:30 = 210, plus 16:00-17:00 = 60. Monday: clinic closed.
    expect(workingMinutes(doctor, [clinic], ['2026-03-01', '2026-03-02'])).toBe(270);
    expect(workingMinutes({ ...doctor, clinicIds: [] }, [clinic], ['2026-03-01'])).toBe(0);
    // A doctor without hours of their own works whenever the clinic is open.
    expect(workingMinutes({ ...doctor, workingHours: [], breakTimes: [] }, [clinic], ['2026-03-01'])).toBe(480);
  });

  it('works each week\'s days alike, except a holiday at the clinic and a day of approved leave', () => {
    const days = Array.from({ length: 28 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    expect(workingMinutes(doctor, [clinic], days)).toBe(4 * 270);
    const holiday = { ...clinic, holidays: [{ name: 'Founding Day', date: '2026-03-08', reason: 'Holiday' }] };
    const away = { ...doctor, vacationRecords: [{ leaveStartDate: '2026-03-15', leaveEndDate: '2026-03-15', leaveType: 'Vacation', status: 'Approved' }] };
    expect(workingMinutes(away, [holiday], days)).toBe(2 * 270);
    // A pending request is not leave.
    expect(workingMinutes({ ...away, vacationRecords: [{ ...away.vacationRecords[0]!, status: 'Pending' }] }, [holiday], days)).toBe(3 * 270);
  });

  it('gives null rates, not zero divisions, for an empty period', () => {
    const f = dashboardFiguresOf({ from: '2026-03-01', to: '2026-03-01', clinics: [clinic], doctors: [doctor], counted: {
      byStatus: {}, lateCancellations: 0, arrivals: 0, waits: { count: 0, minutes: 0 }, bookedMinutes: new Map(), cells: [], patients: { new: 0, returning: 0 }, revenue: 0,
    } });
    expect(f).toMatchObject({ total: 0, averageWaitMinutes: null, noShowRate: null, lateCancellationRate: null, revenue: 0, heatmap: [] });
    expect(f.utilisation).toEqual([{ doctorId: 'd1', bookedMinutes: 0, workingMinutes: 270, rate: 0 }]);
  });
});
