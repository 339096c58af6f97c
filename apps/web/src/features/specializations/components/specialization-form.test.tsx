import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { emptyList, jsonResponse, listOf } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import AddSpecializationPage from '../pages/add-specialization-page';

describe('specialization form', { timeout: 30_000 }, () => {
  it('checks a field as the user leaves it, and marks it with its message', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/employees') return jsonResponse(200, listOf([{ _id: 'e1', name: 'Fatima Zahra', employeeType: 'Nurse', jobTitle: 'Head Nurse' }]));
      return jsonResponse(200, emptyList());
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<AddSpecializationPage />, '/specialities/add', { route: '/specialities/add' });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'C');
    await user.tab();
    await expectFieldError(name, 'Name must be at least 2 characters');
  });
});
