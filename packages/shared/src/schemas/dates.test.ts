import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../messages/index.js';
import { appointmentAvailabilityQuery, appointmentCreateInput, appointmentListQuery, appointmentUpdateInput } from './appointment.js';
import { auditListQuery } from './audit.js';
import { clinicInput } from './clinic.js';
import { complexInput } from './complex.js';
import { cashBoxRow, commercialRecordSchema, holidayRow, insuranceRow } from './company.js';
import {
  calendarDateProblem, DATE_MAX, DATE_MIN, DATE_OUT_OF_RANGE, daysBetween, instantInRange, isCalendarDate, isInstantInRange, realDate,
} from './dates.js';
import { departmentInput } from './department.js';
import { employeeCreateInput, employeeFormSchema, employeeUpdateInput, employeeVacationSchema } from './employee.js';
import { parseDateText, patientInput, patientListQuery } from './patient.js';
import { employeeListQuery, userFormSchema } from './user.js';

describe('the one date rule', () => {
  it('accepts real days from DATE_MIN to DATE_MAX, leap days included', () => {
    for (const d of [DATE_MIN, DATE_MAX, '2024-02-29', '2000-02-29', '1990-01-05']) expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses what is not a real day, and real days outside the range', () => {
    for (const d of ['2026-13-01', '2026-02-30', '1900-02-29', '2023-02-29', '0000-00-00', '2026-1-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '', '%']) {
      expect(calendarDateProblem(d), d).toBe('invalid');
    }
    for (const d of ['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) expect(calendarDateProblem(d), d).toBe('outOfRange');
    expect(calendarDateProblem(20260101)).toBe('invalid');
    expect(realDate(9999, 12, 31)).toBe('9999-12-31');
    expect(realDate(2026, 2, 29)).toBeNull();
  });

  it('bounds instants in UTC and refuses the extremes JavaScript can still parse', () => {
    expect(isInstantInRange('2026-03-29T09:00:00+03:00')).toBe(true);
    expect(isInstantInRange('1900-01-01T00:30:00+01:00')).toBe(false);
    expect(isInstantInRange('9999-12-31T23:59:59Z')).toBe(false);
    const field = instantInRange('validation.scheduling.invalidInstant');
    expect(field.safeParse('2999-12-31T23:59:59Z').success).toBe(true);
    expect(field.safeParse('9999-12-31T23:59:59Z').error?.issues[0]?.message).toBe(DATE_OUT_OF_RANGE);
    for (const v of ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '2026-13-01T00:00:00Z', '2026-03-29T09:00:00']) {
      expect(field.safeParse(v).error?.issues[0]?.message, v).toBe('validation.scheduling.invalidInstant');
    }
  });

  it('counts days between accepted dates only', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('9999-12-30', '9999-12-31')).toBeNaN();
    expect(daysBetween('2026-13-01', '2026-12-31')).toBeNaN();
  });

  it('names the range in both languages', () => {
    for (const lang of ['en', 'ar']) {
      const text = translate(DATE_OUT_OF_RANGE, lang);
      expect(text).toContain(DATE_MIN.slice(0, 4));
      expect(text).toContain(DATE_MAX.slice(0, 4));
    }
  });

  it('still reads the screens\' date texts, within the range', () => {
    expect(parseDateText('January 5, 1990')).toBe('1990-01-05');
    expect(parseDateText('December 31, 9999')).toBeNull();
    expect(parseDateText('9999-12-31')).toBeNull();
  });
});

/**
 * Every date the schemas accept goes through the rule: for each field, a day far outside the range is refused at
 * that field (with the range message or the field's own "in the future" message), and a leap day is not.
 */
type Case = [label: string, schema: z.ZodType, build: (date: string) => unknown, path: string];
const FUTURE_KEYS = new Set(['validation.employeeDobFuture', 'validation.patientDobFuture', 'validation.surgicalDateFuture', 'validation.org.establishmentInFuture']);
const CASES: Case[] = [
  ['availability from', appointmentAvailabilityQuery, (d) => ({ clinic: crypto.randomUUID(), from: d, to: '2024-03-01' }), 'from'],
  ['availability to', appointmentAvailabilityQuery, (d) => ({ clinic: crypto.randomUUID(), from: '2024-02-01', to: d }), 'to'],
  ['appointments date', appointmentListQuery, (d) => ({ date: d }), 'date'],
  ['appointments datetime', appointmentListQuery, (d) => ({ datetime: `${d}T10:00:00Z` }), 'datetime'],
  ['appointments from', appointmentListQuery, (d) => ({ from: `${d}T00:00:00Z`, to: `${d}T00:00:00Z` }), 'from'],
  ['appointment datetime', appointmentCreateInput, (d) => ({ datetime: `${d}T09:00:00+03:00` }), 'datetime'],
  ['reschedule datetime', appointmentUpdateInput, (d) => ({ datetime: `${d}T09:00:00+03:00` }), 'datetime'],
  ['audit from', auditListQuery, (d) => ({ from: d }), 'from'],
  ['audit to', auditListQuery, (d) => ({ to: d }), 'to'],
  ['holiday date', holidayRow, (d) => ({ name: 'x', date: d, reason: 'x' }), 'date'],
  ['insurance contract start', insuranceRow, (d) => ({ contractStartDate: d }), 'contractStartDate'],
  ['insurance contract end', insuranceRow, (d) => ({ contractEndDate: d }), 'contractEndDate'],
  ['transaction date', cashBoxRow, (d) => ({ transactionHistory: [{ date: d }] }), 'transactionHistory.0.date'],
  ['commercial record grant', commercialRecordSchema, (d) => ({ grantDate: d }), 'grantDate'],
  ['clinic establishment', clinicInput, (d) => ({ yearOfEstablishment: d }), 'yearOfEstablishment'],
  ['complex establishment', complexInput, (d) => ({ yearOfEstablishment: d }), 'yearOfEstablishment'],
  ['department establishment', departmentInput, (d) => ({ yearOfEstablishment: d }), 'yearOfEstablishment'],
  ['employee birth', employeeCreateInput, (d) => ({ dateOfBirth: d }), 'dateOfBirth'],
  ['employee hire', employeeUpdateInput, (d) => ({ hireDate: d }), 'hireDate'],
  ['employee document', employeeUpdateInput, (d) => ({ documents: { cv: { effectiveDate: d } } }), 'documents.cv.effectiveDate'],
  ['leave start', employeeVacationSchema, (d) => ({ leaveStartDate: d }), 'leaveStartDate'],
  ['staff form birth', employeeFormSchema, (d) => ({ dateOfBirth: d }), 'dateOfBirth'],
  ['user form hire', userFormSchema('add'), (d) => ({ hireDate: d }), 'hireDate'],
  ['employees filter', employeeListQuery, (d) => ({ dateOfBirth: d }), 'dateOfBirth'],
  ['patient birth', patientInput, (d) => ({ dateOfBirth: d }), 'dateOfBirth'],
  ['patient insurance expiry', patientInput, (d) => ({ insurances: [{ expiryDate: d }] }), 'insurances.0.expiryDate'],
  ['patients filter', patientListQuery, (d) => ({ dateOfBirth: d }), 'dateOfBirth'],
];

function messageAt(schema: z.ZodType, value: unknown, path: string): string | undefined {
  const result = schema.safeParse(value);
  return result.error?.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('every date field uses the rule', () => {
  it.each(CASES)('%s', (_label, schema, build, path) => {
    const refused = messageAt(schema, build('9999-12-31'), path);
    expect(refused, 'far future').toBeDefined();
    expect([DATE_OUT_OF_RANGE, 'validation.patientDobFilterInvalid', ...FUTURE_KEYS]).toContain(refused);
    expect(messageAt(schema, build('0001-01-01'), path), 'year 1').toBeDefined();
    expect(messageAt(schema, build('2024-02-29'), path), 'a leap day').toBeUndefined();
  });
});
