import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, emptyList, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

describe('speciality form', { timeout: 30_000 }, () => {
  it('checks as the user types: name at least 2, description at least 10 (and says 10), staff required', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
      if (url.pathname === '/api/employees') return jsonResponse(200, { ...emptyList(), data: [{ _id: 'e1', name: 'Fatima Zahra', employeeType: 'Nurse', jobTitle: 'Head Nurse' }] });
      return jsonResponse(200, emptyList());
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/specialities/add');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'C');
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Too short');
    expect(await screen.findByText('Description must be at least 10 characters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Speciality' }).at(-1)!);
    expect(await screen.findByText('At least one staff member must be selected')).toBeInTheDocument();
    expect(screen.getByText('Required equipment must be at least 5 characters')).toBeInTheDocument();
  });
});
