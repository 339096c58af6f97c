import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { demoUser, emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { EmployeeForm } from './employee-form';
import { emptyEmployeeValues, type EmployeeFormValues } from './person-form-values';

// Autosizing text areas listen to font loading, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
});

function api() {
  return mockFetch((url) => (url.pathname === '/api/profile' ? jsonResponse(200, { success: true, data: demoUser }) : jsonResponse(200, emptyList())));
}

function renderForm(variant: 'doctor' | 'staff', values: Partial<EmployeeFormValues> = {}, onSubmit = vi.fn().mockResolvedValue(undefined)) {
  signIn();
  api();
  renderWithProviders(
    <EmployeeForm variant={variant} defaultValues={{ ...emptyEmployeeValues(variant === 'doctor' ? 'Doctor' : 'Other'), ...values }} submitLabel="Save employee" onSubmit={onSubmit} onCancel={() => undefined} />,
  );
  return onSubmit;
}

const filled: Partial<EmployeeFormValues> = {
  name: 'Huda Al-Amri',
  contactInfos: [{ type: 'phone', value: '0501234567', subType: '' }],
  dateOfBirth: '1990-01-05',
  gender: 'female',
  identity: '1029384756',
  address: 'Olaya Street, Riyadh',
  hireDate: '2020-03-01',
  professional_experience: '8 years',
};

describe('employee form', { timeout: 60_000 }, () => {
  it('shows the spec\'s messages for the required fields and sends nothing', async () => {
    const onSubmit = renderForm('staff', { contactInfos: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save employee' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('At least one Contact entry is required')).toBeInTheDocument();
    expect(screen.getByText('Date of Birth is required')).toBeInTheDocument();
    expect(screen.getByText('Identity is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Professional experience is required')).toBeInTheDocument();
    expect(screen.getByText('Hire date is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid gender')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks working hours, breaks and leaves', async () => {
    const onSubmit = renderForm('staff', {
      ...filled,
      workingHours: [{ day: 'Sunday', startTime: '17:00', endTime: '09:00' }],
      breakTimes: [{ startTime: '20:00', endTime: '20:30' }],
      vacationRecords: [{ leaveStartDate: '2025-08-10', leaveEndDate: '2025-08-01', leaveType: 'Vacation', status: 'Approved' }],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save employee' }));
    expect(await screen.findByText('End time must be after start time')).toBeInTheDocument();
    expect(screen.getByText('Break times must lie inside working hours')).toBeInTheDocument();
    expect(screen.getByText('The leave must end on or after its start date')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks doctors for their licence and certifications, then submits', async () => {
    const onSubmit = renderForm('doctor', filled);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save employee' }));
    expect(await screen.findByText('Medical license number is required')).toBeInTheDocument();
    expect(screen.getByText('Certifications are required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Medical license number/ }), 'SCFHS-1');
    await user.type(screen.getByTestId('field-certifications'), 'Saudi Board{enter}');
    await user.click(screen.getByRole('button', { name: 'Save employee' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ employeeType: 'Doctor', medicalLicenseNumber: 'SCFHS-1', certifications: ['Saudi Board'] });
  });

  it('refuses a picture over 5 MB or not a JPG/PNG', async () => {
    renderForm('staff', filled);
    const input = await screen.findByTestId('employee-image-input');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('File size is too large (max 5MB)')).toBeInTheDocument();
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    await userEvent.upload(input, gif, { applyAccept: false });
    expect(await screen.findByText('Invalid file format (Only images allowed)')).toBeInTheDocument();
  });

  it('puts the server\'s field messages on the fields, in Arabic too', async () => {
    await setLanguage('ar');
    const onSubmit = vi.fn().mockRejectedValue(Object.assign(new (await import('@/lib/http')).ApiError(409, 'DUPLICATE', 'يوجد موظف آخر بنفس رقم الهوية', { identity: 'يوجد موظف آخر بنفس رقم الهوية' }, true)));
    renderForm('staff', filled, onSubmit);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('employee-submit'));
    expect(await screen.findByText('يوجد موظف آخر بنفس رقم الهوية')).toBeInTheDocument();
  });
});
