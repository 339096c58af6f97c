import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { drOmar, errorBody, jsonResponse, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { sara } from '../queue.fixtures';
import { CallNextButton } from './call-next-button';

describe('"Call next patient" (the encounter)', () => {
  beforeEach(() => {
    signIn();
  });

  it("calls the doctor's own next patient and says who it is, in Arabic too", async () => {
    await setLanguage('ar');
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/waiting-room/call-next') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(200, ok({ ...sara, state: 'called', callCount: 1 }));
      }
      return jsonResponse(200, ok(null));
    }, { profile: {} });
    const user = userEvent.setup();
    renderWithProviders(<CallNextButton clinicId={olayaClinic._id} doctorId={drOmar._id} long />);
    await user.click(await screen.findByRole('button', { name: 'نداء المريض التالي' }));
    await waitFor(() => expect(sent).toEqual([{ clinic: olayaClinic._id, doctor: drOmar._id }]));
    expect(await screen.findByText('نودي A-002: Sara Nasser')).toBeInTheDocument();
  });

  it("shows the server's refusal when no one is waiting", async () => {
    await setLanguage('en');
    mockFetch((url) => (url.pathname === '/api/waiting-room/call-next'
      ? jsonResponse(409, errorBody('No one is waiting for you.', 'NO_ONE_WAITING'))
      : jsonResponse(200, ok(null))), { profile: {} });
    const user = userEvent.setup();
    renderWithProviders(<CallNextButton clinicId={olayaClinic._id} doctorId={drOmar._id} long />);
    await user.click(await screen.findByRole('button', { name: 'Call next patient' }));
    expect(await screen.findByText('No one is waiting for you.')).toBeInTheDocument();
  });
});
