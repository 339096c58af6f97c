import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyList, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { history, sara } from '../queue.fixtures';
import PrintTicketPage from './print-ticket-page';

function ticketApi(t = sara) {
  mockFetch((url) => (url.pathname === `/api/waiting-room/tickets/${t._id}` ? jsonResponse(200, ok(history(t))) : jsonResponse(200, emptyList())), { profile: {} });
}
const renderPage = (id = sara._id) => renderWithProviders(<PrintTicketPage />, `/print/ticket/${id}`, { route: '/print/ticket/:id' });

describe('the 80 mm queue ticket', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('prints the number large, the doctor and room, and the place and estimate at the time of printing', async () => {
    ticketApi();
    renderPage();
    expect(await screen.findByTestId('print-ticket-label')).toHaveTextContent('A-002');
    const strip = screen.getByTestId('print-ticket');
    expect(strip).toHaveTextContent('Dr. Omar Haddad');
    expect(strip).toHaveTextContent('Room 3');
    expect(screen.getByTestId('print-ticket-place')).toHaveTextContent('1 patient ahead of you');
    expect(screen.getByTestId('print-ticket-place')).toHaveTextContent('Estimated wait: about 16 min');
  });

  it('in Arabic, right to left, with the number still read left to right', async () => {
    await setLanguage('ar');
    ticketApi({ ...sara, position: 0, estimatedWaitMinutes: 0 });
    renderPage();
    expect(await screen.findByTestId('print-ticket-label')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('print-ticket')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('print-ticket-place')).toHaveTextContent('أنت التالي');
  });
});
