import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userFormSchema } from '@clinic/shared';
import { demoUser, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { UserForm } from './user-form';
import { emptyUserValues, userPayload, type UserFormValues } from './person-form-values';

beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
});

const ROLES = [{ _id: 'role-admin', name: 'Admin' }, { _id: 'role-nurse', name: 'Nurse' }];

function renderForm(values: Partial<UserFormValues> = {}, onSubmit = vi.fn().mockResolvedValue(undefined)) {
  signIn();
  mockFetch((url) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    const data = url.pathname === '/api/roles' ? ROLES : [];
    return jsonResponse(200, { success: true, data, pagination: { current_page: 1, items_per_page: 1000, has_next_page: false, has_previous_page: false, total_items: data.length, total_pages: 1 } });
  });
  renderWithProviders(<UserForm mode="add" defaultValues={{ ...emptyUserValues(), ...values }} onSubmit={onSubmit} onCancel={() => undefined} />);
  return onSubmit;
}

const complete: Partial<UserFormValues> = {
  username: 'hnasser', password: 'Strong@Pass1', confirmPassword: 'Strong@Pass1', roleIds: ['role-nurse'], employeeType: 'Nurse',
  fullName: 'Huda Nasser', gender: 'female', dateOfBirth: '1991-04-02', identity: '1234567890', nationality: 'Saudi', marital_status: 'Single',
  email: 'huda@clinic.test', phoneNumber1: '0501234567', streetName: 'Olaya Street', region: 'Riyadh', country: 'Saudi Arabia',
  emergencyContactName: 'Omar Nasser', emergencyRelationship: 'Brother', emergencyContactPhone: '0559876543',
  jobType: 'FULL_TIME', jobTitle: 'Staff Nurse', hireDate: '2022-01-01',
  workingHours: [{ day: 'Sunday', shift1: { startTime: '09:00', endTime: '13:00' }, shift2: { startTime: '16:00', endTime: '20:00' } }],
};

describe('user form', { timeout: 60_000 }, () => {
  it('validates the tab on Next and stays there while it has errors', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-next'));
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(screen.getByText('At least one role is required')).toBeInTheDocument();
    expect(screen.getByTestId('user-tab-account')).toHaveAttribute('aria-selected', 'true');
    // An empty password is flagged like every other required field.
    expect(screen.getByTestId('user-password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('user-password')).toHaveAccessibleDescription(/Password is required/);

    await user.type(screen.getByTestId('user-password'), 'password1');
    await user.type(screen.getByTestId('user-confirm-password'), 'password2');
    await user.click(screen.getByTestId('user-next'));
    expect(await screen.findByText('Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation does not match. Please try again')).toBeInTheDocument();
  });

  it('explains the password rules under the Password field', async () => {
    renderForm();
    const password = await screen.findByTestId('user-password');
    expect(password).toHaveAccessibleDescription(/20 characters/);
    expect(screen.getByTestId('user-roles')).not.toHaveAccessibleDescription(/20 characters/);
  });

  it('moves on with Next once the tab is valid, and back with Previous', async () => {
    renderForm({ username: 'hnasser', password: 'Strong@Pass1', confirmPassword: 'Strong@Pass1', roleIds: ['role-nurse'], employeeType: 'Nurse' });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-next'));
    await waitFor(() => expect(screen.getByTestId('user-tab-personal')).toHaveAttribute('aria-selected', 'true'));
    // Relationship and Emergency Number are two separate fields.
    await user.type(screen.getByTestId('user-emergency-relationship'), 'Sister');
    expect(screen.getByTestId('user-emergency-phone')).toHaveValue('');
    await user.click(screen.getByTestId('user-previous'));
    expect(screen.getByTestId('user-tab-account')).toHaveAttribute('aria-selected', 'true');
  });

  it('jumps to the first tab with an error when saving', async () => {
    const onSubmit = renderForm({ ...complete, fullName: '', workingHours: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-tab-documents'));
    await user.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(screen.getByTestId('user-tab-personal')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText('CV is required')).toBeInTheDocument();
    expect(screen.getByText('At least one working day configuration is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves from Employment to Documents with Next, and sends the form only with Save on the last tab', async () => {
    const values = { ...emptyUserValues(), ...complete };
    values.documents.cv = { file: new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }), stored: null, effectiveDate: null };
    const onSubmit = renderForm(values);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-tab-employment'));
    const next = screen.getByTestId('user-next');
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('user-tab-documents')).toHaveAttribute('aria-selected', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();
    // In a browser the tab can change before the click's default action runs: the clicked Next must not have become
    // the submit button by then.
    expect(next.isConnected).toBe(false);
    expect(screen.getByTestId('user-save')).not.toBe(next);
    await user.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('adds and removes working days in week order, with two shifts each', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-tab-employment'));
    const table = screen.getByTestId('working-days');
    // A closed day has no times to fill in.
    expect(within(table).queryByTestId('day-Monday-shift1-startTime')).toBeNull();
    expect(within(table).getByTestId('working-day-Monday')).toHaveTextContent('Closed');
    await user.click(within(table).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Sunday' }));
    expect(within(table).getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    await user.click(within(table).getByRole('checkbox', { name: 'Tuesday' }));
    expect(within(table).getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
  });

  it('keeps a dropped document and refuses one over 10 MB with the spec\'s toasts', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-tab-documents'));
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('document-cv-input'), big);
    expect(await screen.findByText('File Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('File size exceeds 10MB. Please select a smaller file.')).toBeInTheDocument();
    const ok = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('document-cv-input'), ok);
    expect(await screen.findByText('File Uploaded')).toBeInTheDocument();
    expect(screen.getByText('The file has been uploaded successfully.')).toBeInTheDocument();
    await user.click(screen.getByTestId('document-cv-clear'));
    expect(await screen.findByText('File Removed')).toBeInTheDocument();
  });

  it('sends the account as an employee with contact infos, address and shifts', async () => {
    const cv = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    const values = { ...emptyUserValues(), ...complete };
    values.documents.cv = { file: cv, stored: null, effectiveDate: '2024-01-01' };
    // What the form sends: its schema's reading, with the files as picked.
    const sent = { ...userFormSchema('add').parse(values), image: values.image, documents: values.documents };
    const { values: payload, files } = userPayload(sent, 'add');
    expect(payload).toMatchObject({
      name: 'Huda Nasser', username: 'hnasser', email: 'huda@clinic.test', employeeType: 'Nurse', roleIds: ['role-nurse'],
      contactInfos: [{ type: 'phone', value: '0501234567', subType: 'primary' }, { type: 'email', value: 'huda@clinic.test', subType: 'work' }],
      address: 'Olaya Street, Riyadh, Saudi Arabia',
      emergencyContact: { name: 'Omar Nasser', phone: '0559876543', relationship: 'Brother' },
      workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Sunday', startTime: '16:00', endTime: '20:00' }],
    });
    expect(files.documents?.cv).toMatchObject({ file: cv, effectiveDate: '2024-01-01' });
    const edit = userPayload(sent, 'edit');
    expect(edit.values).not.toHaveProperty('email');
    expect(edit.values).not.toHaveProperty('identity');
    expect(edit.values).not.toHaveProperty('employeeType');
  });
});
