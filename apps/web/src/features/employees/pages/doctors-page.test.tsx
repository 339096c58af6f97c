import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmployeeListItem } from '@clinic/shared';
import { demoUser, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

const doctor: EmployeeListItem = {
  _id: 'd1', publicId: 'EMP-000021', name: 'Dr. Ahmed Al-Rashid', username: null, email: null, employeeType: 'Doctor', roleIds: [], isActive: true,
  lastLoginAt: null, createdAt: '2026-01-01T00:00:00Z', image: null, jobTitle: 'Consultant Cardiologist', gender: 'male', dateOfBirth: '1980-01-01',
  consultation_fee: 300, hasAccount: false, invitation: null, incomplete: false, specializations: [{ _id: 's1', name: 'Cardiology' }], clinics: [{ _id: 'c1', name: 'Heart Clinic' }], phone: '0551234567',
  version: 1,
};

describe('doctors grid', () => {
  it('shows a card per doctor and filters by speciality', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
      if (url.pathname === '/api/specializations') return jsonResponse(200, { success: true, data: [{ _id: 's1', name: 'Cardiology' }], pagination: { current_page: 1, items_per_page: 1000, has_next_page: false, has_previous_page: false, total_items: 1, total_pages: 1, total_exact: true } });
      if (url.pathname === '/api/employees') requests.push(url);
      const data = url.pathname === '/api/employees' ? [doctor] : [];
      return jsonResponse(200, { success: true, data, pagination: { current_page: 1, items_per_page: 20, has_next_page: false, has_previous_page: false, total_items: data.length, total_pages: 1, total_exact: true } });
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/doctors');
    const card = await screen.findByRole('button', { name: 'Open the profile of Dr. Ahmed Al-Rashid' }, { timeout: 5000 });
    expect(card).toHaveTextContent('Consultant Cardiologist');
    expect(card).toHaveTextContent('Cardiology');
    expect(card).toHaveTextContent('Heart Clinic');
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ employeeType: 'Doctor', limit: '20' });

    await user.click(screen.getByRole('combobox', { name: 'Speciality' }));
    await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
    await waitFor(() => expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ specializationId: 's1' }));

    await user.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctors/details/d1'));
  });

  it('says so when no doctor matches', async () => {
    mockFetch((url) => jsonResponse(200, url.pathname === '/api/profile'
      ? { success: true, data: demoUser }
      : { success: true, data: [], pagination: { current_page: 1, items_per_page: 20, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1, total_exact: true } }));
    signIn();
    renderApp('/doctors');
    expect(await screen.findByText('No Doctors Found')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('No Specialization Found')).toBeInTheDocument();
  });
});
