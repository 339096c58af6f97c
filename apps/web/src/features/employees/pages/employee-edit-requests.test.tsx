import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '@clinic/shared';
import { demoUser, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

// Autosizing text areas listen to font loading, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
});

const file = (_id: string, name: string) => ({ _id, name, url: `https://files.test/${name}`, size: 10, mimeType: 'application/pdf' });
const none = { file: null, effectiveDate: null };

/** A nurse with an account, two shifts on Sunday, a stored picture and CV: every part of both forms filled. */
const record = {
  _id: 'emp-7', publicId: 'EMP-000007', name: 'Huda Nasser', username: 'hnasser', email: 'huda@clinic.test', hasAccount: true,
  employeeType: 'Nurse', isActive: true, image: { ...file('img-1', 'huda.png'), mimeType: 'image/png' }, roleIds: [{ _id: 'role-nurse', name: 'Nurse' }], administrator: false,
  clinics: [{ _id: 'clinic-1', name: 'Olaya' }], specializations: [{ _id: 'spec-1', name: 'Nursing' }], departmentId: null, clinicCollectionId: null,
  contactInfos: [{ type: 'phone', value: '0501234567', subType: 'primary' }, { type: 'phone', value: '0507654321', subType: 'secondary' }, { type: 'email', value: 'huda@clinic.test', subType: 'work' }],
  dateOfBirth: '1991-04-02', gender: 'female', identity: '1234567890', nationality: 'Saudi', marital_status: 'Married', number_children: 2,
  Languages: ['Arabic', 'English'], medicalLicenseNumber: null, consultation_fee: null, on_call: false, hireDate: '2022-01-01', certifications: [],
  professional_experience: '6 years', Qualifications: 'BSN', address: '12, Olaya Street, Riyadh, Saudi Arabia',
  addressDetails: { buildingNumber: '12', streetName: 'Olaya Street', region: 'Riyadh', country: 'Saudi Arabia' }, notes: null, jobType: 'FULL_TIME',
  jobTitle: 'Staff Nurse', emergencyContact: { name: 'Omar Nasser', phone: '0559876543', relationship: 'Brother' },
  workingHours: [{ day: 'Sunday', startTime: '16:00', endTime: '20:00' }, { day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Tuesday', startTime: '08:00', endTime: '14:00' }],
  breakTimes: [{ startTime: '10:00', endTime: '10:30' }], vacationRecords: [{ leaveStartDate: '2025-08-01', leaveEndDate: '2025-08-10', leaveType: 'Vacation', status: 'Approved' }],
  documents: { cv: { file: file('doc-1', 'cv.pdf'), effectiveDate: '2024-01-01' }, workPermit: none, certifications: none, employmentContract: none },
  lastLoginAt: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 3, invitation: null, incomplete: false,
} as unknown as EmployeeRecord;

/** Answers the edit page and keeps the multipart body of each PUT as its entries. */
function api(): Array<[string, string]>[] {
  const sent: Array<[string, string]>[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    if (url.pathname === `/api/employees/${record._id}` && init.method === 'PUT') {
      sent.push([...(init.body as FormData).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]));
      return jsonResponse(200, { success: true, message: 'Employee updated successfully', data: record });
    }
    if (url.pathname === `/api/employees/${record._id}`) return jsonResponse(200, { success: true, data: record });
    return jsonResponse(200, { success: true, data: [], pagination: { current_page: 1, items_per_page: 1000, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1, total_exact: true } });
  });
  return sent;
}

/** Opens an edit screen, saves it as loaded and gives the one request it sent. */
async function saveUnchanged(path: string, submitTestId: string) {
  const sent = api();
  signIn();
  const user = userEvent.setup();
  renderApp(path);
  await user.click(await screen.findByTestId(submitTestId));
  await waitFor(() => expect(sent).toHaveLength(1));
  return sent[0];
}

describe('edit requests of the people forms', { timeout: 60_000 }, () => {
  it('saves a user account unchanged as the same multipart fields', async () => {
    expect(await saveUnchanged(`/users/edit/${record._id}`, 'user-save')).toEqual([
      ['name', 'Huda Nasser'], ['roleIds[0]', 'role-nurse'], ['clinics[0]', 'clinic-1'],
      ['contactInfos', JSON.stringify([{ type: 'phone', value: '0501234567', subType: 'primary' }, { type: 'phone', value: '0507654321', subType: 'secondary' }, { type: 'email', value: 'huda@clinic.test', subType: 'work' }])],
      ['dateOfBirth', '1991-04-02'], ['gender', 'female'], ['nationality', 'Saudi'], ['marital_status', 'Married'], ['number_children', '2'],
      ['address', '12, Olaya Street, Riyadh, Saudi Arabia'],
      ['addressDetails[buildingNumber]', '12'], ['addressDetails[streetName]', 'Olaya Street'], ['addressDetails[region]', 'Riyadh'], ['addressDetails[country]', 'Saudi Arabia'],
      ['emergencyContact[name]', 'Omar Nasser'], ['emergencyContact[phone]', '0559876543'], ['emergencyContact[relationship]', 'Brother'],
      ['jobType', 'FULL_TIME'], ['jobTitle', 'Staff Nurse'], ['hireDate', '2022-01-01'],
      ['workingHours', JSON.stringify([{ day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Sunday', startTime: '16:00', endTime: '20:00' }, { day: 'Tuesday', startTime: '08:00', endTime: '14:00' }])],
      ['documents[cv][effectiveDate]', '2024-01-01'], ['documents[workPermit][effectiveDate]', ''], ['documents[certifications][effectiveDate]', ''],
      ['documents[employmentContract][effectiveDate]', ''], ['version', '3'],
    ]);
  });

  it('saves a staff member unchanged as the same multipart fields', async () => {
    expect(await saveUnchanged(`/employees/edit/${record._id}`, 'employee-submit')).toEqual([
      ['name', 'Huda Nasser'], ['employeeType', 'Nurse'],
      ['contactInfos', JSON.stringify([{ type: 'phone', value: '0501234567', subType: 'primary' }, { type: 'phone', value: '0507654321', subType: 'secondary' }, { type: 'email', value: 'huda@clinic.test', subType: 'work' }])],
      ['dateOfBirth', '1991-04-02'], ['gender', 'female'], ['identity', '1234567890'], ['nationality', 'Saudi'], ['marital_status', 'Married'], ['number_children', '2'],
      ['Languages[0]', 'Arabic'], ['Languages[1]', 'English'], ['medicalLicenseNumber', ''], ['consultation_fee', ''], ['on_call', 'false'], ['hireDate', '2022-01-01'],
      ['certifications', ''], ['professional_experience', '6 years'], ['Qualifications', 'BSN'], ['address', '12, Olaya Street, Riyadh, Saudi Arabia'], ['notes', ''],
      ['jobType', 'FULL_TIME'], ['jobTitle', 'Staff Nurse'], ['specializations[0]', 'spec-1'], ['clinics[0]', 'clinic-1'], ['departmentId', ''], ['clinicCollectionId', ''],
      ['workingHours', JSON.stringify([{ day: 'Sunday', startTime: '16:00', endTime: '20:00' }, { day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Tuesday', startTime: '08:00', endTime: '14:00' }])],
      ['breakTimes[0][startTime]', '10:00'], ['breakTimes[0][endTime]', '10:30'],
      ['vacationRecords[0][leaveStartDate]', '2025-08-01'], ['vacationRecords[0][leaveEndDate]', '2025-08-10'], ['vacationRecords[0][leaveType]', 'Vacation'], ['vacationRecords[0][status]', 'Approved'],
      ['version', '3'],
    ]);
  });
});
