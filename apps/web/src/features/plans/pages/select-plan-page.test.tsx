import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import SelectPlanPage from './select-plan-page';

describe('SelectPlanPage', () => {
  it('offers three plans with three benefits each, warns that the choice is final, and stores the choice', async () => {
    const { router } = renderWithProviders(<SelectPlanPage />, '/SelectPlan', { route: '/SelectPlan' });
    expect(await screen.findByTestId('plan-warning')).toHaveTextContent('The structure you choose cannot be changed later.');
    for (const plan of ['company', 'complex', 'clinic']) {
      expect(screen.getByTestId(`plan-${plan}`).querySelectorAll('li')).toHaveLength(3);
    }
    fireEvent.click(screen.getByTestId('plan-choose-complex'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(localStorage.getItem('selectedPlan')).toBe('3');
  });

  it('is translated', async () => {
    await setLanguage('ar');
    renderWithProviders(<SelectPlanPage />, '/SelectPlan', { route: '/SelectPlan' });
    expect(await screen.findByText('اختيار خطة مجمع')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
