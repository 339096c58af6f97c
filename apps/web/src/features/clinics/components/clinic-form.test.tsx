import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { emptyList, jsonResponse } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { ClinicForm, emptyClinic } from './clinic-form';

const PIC = '6f1c1c39-3f7a-4f34-9d55-6a6f3b0b2b11';

function serveOptions() {
  mockFetch((url) => {
    if (url.pathname === '/api/employees') {
      return jsonResponse(200, { ...emptyList(), data: [{ _id: PIC, name: 'Dr. Omar Haddad', publicId: 'EMP-000002' }] });
    }
    return jsonResponse(200, emptyList());
  });
}

const complete = emptyClinic({
  name: 'Heart Clinic',
  PIC,
  overview: 'Heart care',
  yearOfEstablishment: '2015-03-01',
  address: 'King Fahd Road',
  vision: 'Healthy hearts',
  goals: 'Short waits',
  locationGoogl: { x: 24.7136, y: 46.6753 },
});

/** Types a 24-hour time into the hour and minute boxes of a time field. */
async function setTime(user: ReturnType<typeof userEvent.setup>, testId: string, time: string) {
  const [hh, mm] = time.split(':') as [string, string];
  const [hours, minutes] = within(screen.getByTestId(testId)).getAllByRole('spinbutton') as [HTMLElement, HTMLElement];
  await user.type(hours, hh);
  await user.type(minutes, mm);
}

describe('ClinicForm', { timeout: 60_000 }, () => {
  it('marks a missing field, and the week without hours, with their messages', async () => {
    signIn();
    serveOptions();
    const onSubmit = vi.fn();
    renderWithProviders(<ClinicForm defaultValues={emptyClinic()} plan="clinic" submitLabel="Create clinic" onSubmit={onSubmit} />);
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      fireEvent.click(await screen.findByTestId(`working-day-${day}-open`));
    }
    fireEvent.click(screen.getByTestId('clinic-submit'));
    await expectFieldError(screen.getByTestId('clinic-name'), 'Clinic name is required');
    // A message about the whole week shows below it.
    expect(screen.getByTestId('working-hours-error')).toHaveTextContent('At least one working hour entry is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses overlapping and inverted time slots on a day', async () => {
    signIn();
    serveOptions();
    const onSubmit = vi.fn();
    renderWithProviders(<ClinicForm defaultValues={complete} plan="clinic" submitLabel="Create clinic" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    fireEvent.click(await screen.findByTestId('working-day-Sunday-add-slot'));
    await setTime(user, 'working-day-Sunday-1-start', '12:00');
    await setTime(user, 'working-day-Sunday-1-end', '11:00');
    fireEvent.click(screen.getByTestId('clinic-submit'));
    expect(await screen.findByText('End time must be after start time')).toBeInTheDocument();
    await setTime(user, 'working-day-Sunday-1-end', '15:00');
    fireEvent.click(screen.getByTestId('clinic-submit'));
    expect(await screen.findByText('This time slot overlaps another one on the same day')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the validated clinic and puts server field messages on the fields', async () => {
    signIn();
    serveOptions();
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(422, 'VALIDATION_FAILED', 'Some fields are invalid', { name: 'This name is taken here' }, true));
    renderWithProviders(<ClinicForm defaultValues={complete} plan="clinic" submitLabel="Create clinic" onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByTestId('clinic-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent).toMatchObject({
      name: 'Heart Clinic',
      PIC,
      AverageDurationOfVisit: 30,
      timeZone: undefined,
      departmentId: null,
      locationGoogl: { x: 24.7136, y: 46.6753 },
    });
    expect(sent.WorkingHours).toHaveLength(5);
    expect(sent.WorkingHours[0]).toEqual({ day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '18:00' }] });
    expect(await screen.findByText('This name is taken here')).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    signIn();
    serveOptions();
    renderWithProviders(<ClinicForm defaultValues={emptyClinic()} plan="clinic" submitLabel="إنشاء" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('clinic-submit'));
    expect(await screen.findByText('اسم العيادة مطلوب')).toBeInTheDocument();
    expect(within(screen.getByTestId('working-day-Friday')).getByText('مغلق')).toBeInTheDocument();
  });
});
