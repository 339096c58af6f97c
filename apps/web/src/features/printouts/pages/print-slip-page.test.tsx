import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentRecord, QueueView } from '@clinic/shared';
import { appointmentRecord, drOmar, emptyList, jsonResponse, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintSlipPage from './print-slip-page';

/** The clinic's queue today with the appointment's ticket, A-007 in Room 3. */
const queue: QueueView = {
  clinic: { ...olayaClinic, timeZone: 'Asia/Riyadh' }, day: '2026-03-02', doctors: [],
  tickets: [{
    _id: 'tk-7', appointment: 'a-1', clinic: olayaClinic, day: '2026-03-02', prefix: 'A', number: 7, label: 'A-007', patient: { _id: 'p-1', name: 'Amal Hassan' },
    doctor: drOmar, service: { _id: 's-1', name: 'General consultation' }, room: 'Room 3', priority: 'normal', state: 'waiting', issuedAt: '2026-03-02T06:00:00Z',
    calledAt: null, firstCalledAt: null, callCount: 0, position: 2, estimatedWaitMinutes: 20, estimateBasis: 'today', issuedEstimateMinutes: 20, version: 1,
  }],
};

function slipApi(appointment: AppointmentRecord) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(url.pathname);
    if (url.pathname === '/api/appointments/a-1') return jsonResponse(200, ok(appointment));
    if (url.pathname === '/api/waiting-room') return jsonResponse(200, ok(queue));
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return asked;
}
const renderSlip = () => renderWithProviders(<PrintSlipPage />, '/print/slip/a-1', { route: '/print/slip/:id' });

describe('the appointment slip', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it("prints a checked-in patient's queue number large, with the room, and offers the 80 mm ticket", async () => {
    slipApi(appointmentRecord({ status: 'arrived' }));
    renderSlip();
    const number = await screen.findByTestId('print-slip-ticket-number');
    expect(number).toHaveTextContent('Your number in the queue');
    expect(number).toHaveTextContent('A-007');
    expect(number).toHaveTextContent('Room 3');
    expect(screen.getByTestId('print-slip-ticket')).toHaveAttribute('href', '/print/ticket/tk-7');
  });

  it('prints no number for a visit not checked in, and does not ask the waiting room', async () => {
    const asked = slipApi(appointmentRecord({ status: 'scheduled' }));
    renderSlip();
    expect(await screen.findByText('APT-000001')).toBeInTheDocument();
    expect(screen.queryByTestId('print-slip-ticket-number')).toBeNull();
    expect(asked).not.toContain('/api/waiting-room');
  });
});
