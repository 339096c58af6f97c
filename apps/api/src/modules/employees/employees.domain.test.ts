import { describe, expect, it } from 'vitest';
import { employeeScheduleIssues } from '@clinic/shared';
import { createNeeds, documentChanges, holdsAll, mergedScheduleFields, roleChanges, selfChangeRefusal, updateNeeds } from './employees.domain.js';

describe('schedule rules', () => {
  it('accepts split shifts with a break inside one of them', () => {
    expect(employeeScheduleIssues({
      workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Sunday', startTime: '16:00', endTime: '20:00' }],
      breakTimes: [{ startTime: '11:00', endTime: '11:15' }],
      vacationRecords: [{ leaveStartDate: '2025-01-01', leaveEndDate: '2025-01-01', leaveType: 'Emergency', status: 'Approved' }],
    })).toEqual([]);
  });

  it('finds reversed shifts, overlapping shifts, breaks between shifts and leaves that end before they start', () => {
    const issues = employeeScheduleIssues({
      workingHours: [
        { day: 'Monday', startTime: '09:00', endTime: '09:00' },
        { day: 'Tuesday', startTime: '09:00', endTime: '13:00' },
        { day: 'Tuesday', startTime: '12:00', endTime: '15:00' },
      ],
      breakTimes: [{ startTime: '15:30', endTime: '16:00' }, { startTime: '10:00', endTime: '09:30' }],
      vacationRecords: [{ leaveStartDate: '2025-02-02', leaveEndDate: '2025-02-01', leaveType: 'Vacation', status: 'Pending' }],
    });
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'workingHours.0.endTime: validation.shiftEndAfterStart',
      'workingHours.2.startTime: validation.shiftsOverlap',
      'breakTimes.0.startTime: validation.breakOutsideHours',
      'breakTimes.1.endTime: validation.shiftEndAfterStart',
      'vacationRecords.0.leaveEndDate: validation.leaveEndBeforeStart',
    ]);
  });

  it('checks an edit against the stored schedule where the edit leaves a part out', () => {
    const stored = { workingHours: [{ day: 'Sunday' as const, startTime: '09:00', endTime: '17:00' }], breakTimes: [{ startTime: '13:00', endTime: '13:30' }], vacationRecords: [] };
    expect(mergedScheduleFields(stored, {})).toEqual({});
    expect(mergedScheduleFields(stored, { workingHours: [{ day: 'Sunday', startTime: '14:00', endTime: '18:00' }] }))
      .toEqual({ 'breakTimes.0.startTime': 'validation.breakOutsideHours' });
  });
});

describe('who may change what', () => {
  it('treats admin as holding every permission', () => {
    expect(holdsAll(['admin'], ['user_create', 'role_write'])).toBe(true);
    expect(holdsAll(['user_create'], ['user_create', 'role_write'])).toBe(false);
    expect(holdsAll(['user_create'], [])).toBe(true);
  });

  it('asks for user permissions when a change touches a sign-in account', () => {
    expect(createNeeds({ username: null, password: undefined, roleIds: [] })).toBeNull();
    expect(createNeeds({ username: 'x', password: 'y', roleIds: [] })).toBe('user_create');
    expect(updateNeeds({ name: 'x' }, { hasAccount: true })).toBeNull();
    expect(updateNeeds({ isActive: false }, { hasAccount: false })).toBeNull();
    expect(updateNeeds({ isActive: false }, { hasAccount: true })).toBe('user_update');
    expect(updateNeeds({ roleIds: [] }, { hasAccount: false })).toBe('user_update');
  });

  it('asks for user_update to change the sign-in e-mail or the type of someone who can sign in', () => {
    const account = { hasAccount: true, email: 'huda@north.test', employeeType: 'Nurse' };
    expect(updateNeeds({ email: 'other@north.test' }, account)).toBe('user_update');
    expect(updateNeeds({ email: null }, account)).toBe('user_update');
    expect(updateNeeds({ employeeType: 'Admin' }, account)).toBe('user_update');
    // The edit form sends every field: unchanged values are not an account change.
    expect(updateNeeds({ email: 'HUDA@north.test', employeeType: 'Nurse', name: 'Huda A.' }, account)).toBeNull();
    expect(updateNeeds({ email: 'other@north.test', employeeType: 'Admin' }, { hasAccount: false, email: null, employeeType: 'Nurse' })).toBeNull();
  });

  it('refuses deactivating oneself and changing one\'s own roles, but not saving them unchanged', () => {
    expect(selfChangeRefusal('me', 'me', { isActive: false }, [])).toBe('cannotDeactivateSelf');
    expect(selfChangeRefusal('me', 'me', { roleIds: ['a'] }, ['b'])).toBe('cannotChangeOwnRoles');
    expect(selfChangeRefusal('me', 'me', { roleIds: ['b', 'a'] }, ['a', 'b'])).toBeNull();
    expect(selfChangeRefusal('me', 'you', { isActive: false }, [])).toBeNull();
  });

  it('lists roles added and removed', () => {
    expect(roleChanges(['a', 'b'], ['b', 'c'])).toEqual(['c', 'a']);
    expect(roleChanges(['a'], undefined)).toEqual([]);
  });
});

describe('change records', () => {
  it('turns document fields into replacements, removals and date changes', () => {
    expect(documentChanges({ cv: { effectiveDate: '2025-01-01' }, workPermit: { file: '' } }, { certifications: 'f1' })).toEqual([
      { kind: 'cv', effectiveDate: '2025-01-01' },
      { kind: 'workPermit', fileId: null },
      { kind: 'certifications', fileId: 'f1' },
    ]);
  });
});
