import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReminderSettings } from '@clinic/shared';
import { errorBody, jsonResponse, listOf, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { ReminderSettingsCard } from './reminder-settings-card';

const settingsUrl = `/api/clinics/${olayaClinic._id}/reminder-settings`;

function api(stored: ReminderSettings) {
  const puts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (url.pathname === settingsUrl && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      if (body.version !== stored.version) return jsonResponse(409, errorBody('Someone else changed this record since you opened it.', 'STALE_RECORD'));
      Object.assign(stored, body, { version: stored.version + 1 });
      return jsonResponse(200, ok(stored, 'Reminder settings saved'));
    }
    if (url.pathname === settingsUrl) return jsonResponse(200, ok({ ...stored }));
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([{ ...olayaClinic, isActive: true }]));
    return jsonResponse(404, errorBody('Not found'));
  });
  return puts;
}

describe("a clinic's reminder settings", () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('saves over the version it loaded, and says so when someone else saved first, keeping the input until reloaded', async () => {
    const stored: ReminderSettings = { clinic: olayaClinic._id, enabled: true, channels: ['email'], leadHours: [], effectiveLeadHours: [24], version: 1 };
    const puts = api(stored);
    const user = userEvent.setup();
    renderWithProviders(<ReminderSettingsCard />);
    await user.click(await screen.findByRole('combobox', { name: 'Clinic' }));
    await user.click(await screen.findByRole('option', { name: olayaClinic.name }));
    await user.click(await screen.findByRole('checkbox', { name: /SMS/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ channels: ['email', 'sms'], version: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled());

    // Someone else saves meanwhile: this form's next save is refused, and the form says why and offers the latest.
    Object.assign(stored, { enabled: false, version: 5 });
    await user.click(screen.getByRole('checkbox', { name: /SMS/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByTestId('stale-record')).toBeInTheDocument();
    expect(puts[1]).toMatchObject({ version: 2 });
    expect(screen.getByRole('checkbox', { name: /SMS/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(screen.queryByTestId('stale-record')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('switch')).not.toBeChecked());
  });
});
