import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { DisplaySettingsCard } from './display-settings-card';

const DOCTOR = ['appointment_read', 'appointment_write', 'patient_read', 'my_day'];

function api() {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile/preferences') {
      const body = JSON.parse(String(init.body)) as { startScreen: string | null };
      saved.push(body);
      return jsonResponse(200, ok({ ...demoUser, permissions: DOCTOR, preferences: { ...demoUser.preferences, startScreen: body.startScreen } }, 'Display settings saved'));
    }
    return jsonResponse(200, ok([]));
  }, { profile: { permissions: DOCTOR } });
  return saved;
}

describe('the start screen in My profile', () => {
  beforeEach(() => signIn({ permissions: DOCTOR }));

  it('offers the suggested screen and only the screens the user may open, and saves the choice', async () => {
    await setLanguage('en');
    const saved = api();
    renderWithProviders(<DisplaySettingsCard preferences={demoUser.preferences} />);
    const select = screen.getByTestId('display-start-screen');
    expect(select).toHaveValue('Suggested for your role (My day)');
    await userEvent.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Suggested for your role (My day)', "Today's board", 'Appointments calendar', 'My day', 'Appointments', 'Patients', 'Waitlist',
    ]);
    await userEvent.click(screen.getByRole('option', { name: "Today's board" }));
    await userEvent.click(screen.getByTestId('display-save'));
    await waitFor(() => expect(saved).toEqual([{ hijriMode: null, digits: 'latn', startScreen: '/frontdesk' }]));
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    api();
    renderWithProviders(<DisplaySettingsCard preferences={{ ...demoUser.preferences, startScreen: '/my-day' }} />);
    expect(screen.getByText('شاشة البداية')).toBeInTheDocument();
    expect(screen.getByTestId('display-start-screen')).toHaveValue('يومي');
  });
});
