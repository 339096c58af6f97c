import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, errorBody, jsonResponse } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders } from '@/test/utils';
import { SignupForm } from './signup-form';

function fill(values: Record<string, string>) {
  for (const [id, value] of Object.entries(values)) fireEvent.change(screen.getByTestId(id), { target: { value } });
}

const valid = {
  'signup-company': 'Shifa Clinic',
  'signup-name': 'Huda Saleh',
  'signup-username': 'huda',
  'signup-email': 'huda@shifa.example',
  'signup-password': 'Strong@123',
  'signup-confirm': 'Strong@123',
};

describe('SignupForm', () => {
  it('marks a missing field and a weak password with their messages', async () => {
    mockFetch(() => jsonResponse(500, {}));
    renderWithProviders(<SignupForm onSignedUp={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('signup-submit'));
    await expectFieldError(screen.getByTestId('signup-company'), 'Organisation name is required');
    fill({ ...valid, 'signup-password': 'weakpassword', 'signup-confirm': 'weakpassword' });
    fireEvent.click(screen.getByTestId('signup-submit'));
    await expectFieldError(screen.getByTestId('signup-password'), 'Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.');
  });

  it('signs up, or shows which name is already taken', async () => {
    const onSignedUp = vi.fn();
    const fetchMock = mockFetch(() => jsonResponse(409, errorBody('This user name is already taken', 'DUPLICATE', { username: 'This user name is already taken' })));
    renderWithProviders(<SignupForm onSignedUp={onSignedUp} />);
    fill(valid);
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('This user name is already taken')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/auth/signup');
    expect(JSON.parse(String(init?.body))).toMatchObject({ companyName: 'Shifa Clinic', username: 'huda', password: 'Strong@123' });
    expect(onSignedUp).not.toHaveBeenCalled();

    const user = { ...demoUser, _id: 'u1', name: 'Huda Saleh', username: 'huda', email: 'huda@shifa.example', plan: null, companyId: 'c1' };
    mockFetch(() => jsonResponse(200, { success: true, data: { accessToken: 'a', refreshToken: 'r', user } }));
    fill({ 'signup-username': 'huda2' });
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(expect.objectContaining({ user })));
    expect(localStorage.getItem('token')).toBe('a');
  });
});
