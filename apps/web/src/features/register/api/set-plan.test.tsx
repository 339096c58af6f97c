import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-context';
import { demoUser, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { useSetPlan } from './set-plan';

function PlanProbe() {
  const { plan } = useSession();
  const setPlan = useSetPlan();
  return (
    <>
      <p data-testid="plan">{plan ?? 'none'}</p>
      <button type="button" onClick={() => setPlan.mutate('clinic')}>Single clinic</button>
    </>
  );
}

describe('saving the plan in the registration wizard', () => {
  it('keeps the saved plan when a profile read answered before the save arrives after it', async () => {
    signIn({ plan: null });
    let answerOldRead: (() => void) | null = null;
    const requests: string[] = [];
    mockFetch((url, init) => {
      requests.push(`${init.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/profile' && init.method === 'PUT') return jsonResponse(200, { success: true, data: { ...demoUser, plan: 'clinic' } });
      // The first read of the profile was answered before the plan was saved, but reaches the page only later.
      return new Promise<Response>((resolve) => {
        answerOldRead = () => resolve(jsonResponse(200, { success: true, data: { ...demoUser, plan: null } }));
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<PlanProbe />);
    await waitFor(() => expect(requests).toContain('GET /api/profile'));
    await user.click(screen.getByRole('button', { name: 'Single clinic' }));
    await waitFor(() => expect(screen.getByTestId('plan')).toHaveTextContent('clinic'));
    answerOldRead!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('plan')).toHaveTextContent('clinic');
    expect(localStorage.getItem('plan')).toBe('clinic');
  });
});
