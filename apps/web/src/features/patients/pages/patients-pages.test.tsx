import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, errorBody, jsonResponse, listOf, ok, patientDetails, patientListItem } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import PatientDetailsPage from './patient-details-page';
import PatientsPage from './patients-page';

const amal = patientListItem({ lastVisit: '2026-03-10T09:00:00.000Z' });
const omar = patientListItem({ _id: 'p-2', publicId: 'PAT-000001', name: 'Omar Nasser', isActive: false });

const details = patientDetails({
  email: 'amal@example.com',
  height: 165,
  weight: 62,
  evaluation: 4,
  languages: ['Arabic', 'English'],
  preferredLanguage: 'Arabic',
  Current_Medications: 'Metformin 500 mg',
  Surgical_History: '2015-06-01',
  lifestyleFactors: 'Walks daily',
  allergies: ['Penicillin'],
  ChronicDiseases: [{ disease_name: 'Type 2 diabetes' }],
  familyMedicalHistory: ['Father: hypertension'],
  insurances: [{ insuranceType: 'Bupa Arabia – Gold', expiryDate: '2027-12-31', active: true }, { insuranceType: 'Tawuniya – Basic', expiryDate: '2020-01-31', active: false }],
  emergencyContacts: [{ name: 'Omar Hassan', phone: '0501112233', relationToPatient: 'Brother' }],
  emergencyContact: { name: 'Omar Hassan', phone: '0501112233', relationToPatient: 'Brother' },
  image: '/api/files/missing?c=x&e=1&s=y',
  lastVisit: '2026-03-10T09:00:00.000Z',
  notes: [{ _id: 'n-1', body: 'Blood pressure normal', author: { _id: 'u-1', name: 'Dr. Omar Haddad' }, createdAt: '2026-03-10T09:30:00.000Z' }],
  healthReports: [{ _id: 'r-1', title: 'Blood test', createdAt: '2026-03-10T10:00:00.000Z', uploadedBy: null, file: { _id: 'f-1', name: 'blood.pdf', mimeType: 'application/pdf', size: 2048, url: '/api/files/f-1?c=x&e=1&s=y' } }],
  treatment: {
    upcoming: [{ _id: 'a-2', publicId: 'APT-000002', datetime: '2099-01-01T09:00:00.000Z', endsAt: '2099-01-01T09:30:00.000Z', status: 'scheduled', reason: 'Follow-up', visitNote: null, doctor: { _id: 'd', name: 'Dr. Omar Haddad' }, clinic: { _id: 'c', name: 'Cardiology Clinic' }, service: { _id: 's', name: 'ECG' } }],
    history: [],
  },
});

const renderList = (path = '/patients') => renderWithProviders(<PatientsPage />, path, { route: '/patients' });
const renderDetails = (id: string) => renderWithProviders(<PatientDetailsPage />, `/patients/details/${id}`, { route: '/patients/details/:id' });

describe('patients list', { timeout: 20_000 }, () => {
  it('shows ID, name, last visit (a dash when none) and status, and sends the filters', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      requests.push(url);
      return jsonResponse(200, listOf([amal, omar]));
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderList('/patients?status=inactive&dob=1990-01-05');

    const table = await screen.findByTestId('patients-table');
    await within(table).findByText('Amal Hassan');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('001');
    expect(first).toHaveTextContent('PAT-000002');
    expect(within(first as HTMLElement).getByTestId('last-visit')).toHaveTextContent('March 10, 2026');
    expect(within(second as HTMLElement).getByTestId('last-visit')).toHaveTextContent('—No visits yet');
    expect(within(second as HTMLElement).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    expect(second).toHaveTextContent('Inactive');
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ isActive: 'false', dateOfBirth: '1990-01-05', page: '1', limit: '10', sortBy: '_id', order: 'desc' });
    // The status filter reads like every other list's.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');

    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Edit Amal Hassan' }));
    await waitFor(() => expect(screen.queryByTestId('patients-table')).not.toBeInTheDocument());
  });

  it('says when nothing matches', async () => {
    mockFetch(() => jsonResponse(200, listOf([])), { profile: {} });
    signIn();
    renderList();
    expect(await screen.findByText('No patients found')).toBeInTheDocument();
  });

  it('asks before deleting and reports when the patient was kept and deactivated', async () => {
    const deactivated = 'This patient has medical records (appointments, notes or health reports), so the record was deactivated instead of deleted';
    let deleted = 0;
    mockFetch((url, init) => {
      if (init.method === 'DELETE') {
        deleted += 1;
        return jsonResponse(200, { success: true, message: deactivated, data: { _id: 'p-1', outcome: 'deactivated' } });
      }
      return jsonResponse(200, listOf([amal]));
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Amal Hassan' }));
    expect(await screen.findByText(/Delete Amal Hassan\?/)).toBeInTheDocument();
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(deactivated)).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(screen.queryByText('Deleted: success')).not.toBeInTheDocument();
  });

  it('offers no add, edit or delete to a user who may only read patients', async () => {
    mockFetch(() => jsonResponse(200, listOf([amal])), { profile: { permissions: ['patient_read'] } });
    signIn({ permissions: ['patient_read'], roles: ['Nurse'], employeeType: 'Nurse' });
    renderList();
    await screen.findByText('Amal Hassan');
    expect(screen.queryByRole('link', { name: 'Add patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Amal Hassan' })).not.toBeInTheDocument();
  });
});

describe('patient details', { timeout: 20_000 }, () => {
  it('shows the record from real data and adds a timestamped note on top', async () => {
    const sent: unknown[] = [];
    let record = details;
    mockFetch((url, init) => {
      if (url.pathname === '/api/patients/p-1/notes') {
        sent.push(JSON.parse(String(init.body)));
        const note = { _id: 'n-2', body: 'Asked for lab results', author: { _id: demoUser._id, name: demoUser.name }, createdAt: '2026-03-11T08:00:00.000Z' };
        record = { ...record, notes: [note, ...record.notes] };
        return jsonResponse(201, { success: true, message: 'Note added', data: note });
      }
      return jsonResponse(200, ok(record));
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderDetails('p-1');

    expect(await screen.findByTestId('patient-name')).toHaveTextContent('Amal Hassan');
    expect(screen.getByTestId('patient-public-id')).toHaveTextContent('PAT-000002');
    expect(screen.getByText(/36 years/)).toBeInTheDocument();
    const insurance = screen.getByTestId('insurance-card');
    expect(insurance).toHaveTextContent('Bupa Arabia – Gold');
    expect(within(insurance).getByText('Active')).toBeInTheDocument();
    expect(within(insurance).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByTestId('medical-info')).toHaveTextContent('1.65 m');
    expect(screen.getByTestId('medical-info')).toHaveTextContent('62 kg');
    expect(screen.getByTestId('contact-card')).toHaveTextContent('0501112233 - Omar Hassan - Brother');
    expect(screen.getByTestId('allergies-card')).toHaveTextContent('Penicillin');
    expect(screen.getByText('Type 2 diabetes')).toBeInTheDocument();
    expect(screen.getByTestId('treatment-card')).toHaveTextContent('ECG');
    expect(screen.getByRole('link', { name: 'Download Blood test' })).toHaveAttribute('href', '/api/files/f-1?c=x&e=1&s=y');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('note-body'), 'Asked for lab results');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getAllByTestId('patient-note')[0]).toHaveTextContent('Asked for lab results'));
    expect(sent).toEqual([{ body: 'Asked for lab results' }]);
  });

  it("says 'No Patient Details Found' for a patient that does not exist", async () => {
    mockFetch(() => jsonResponse(404, errorBody('The requested resource was not found', 'NOT_FOUND')), { profile: {} });
    signIn();
    renderDetails('unknown');
    expect(await screen.findByText('No Patient Details Found')).toBeInTheDocument();
  });
});
