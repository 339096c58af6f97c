import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyList, jsonResponse } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { WalkInDialog } from './walk-in-dialog';

afterEach(() => setLanguage('en'));

function render() {
  mockFetch(() => jsonResponse(200, emptyList()));
  return renderWithProviders(<WalkInDialog opened clinicId="c1" onClose={() => {}} />);
}

describe('the walk-in dialog', () => {
  it('registers a walk-in who is not found yet, starting with the name typed, in English and Arabic', async () => {
    signIn();
    const user = userEvent.setup();
    const view = render();
    const dialog = await screen.findByTestId('walk-in-dialog');
    await user.type(within(dialog).getByTestId('walk-in-patient'), 'Yousef Kamal');
    await user.click(within(dialog).getByRole('button', { name: 'Not found? Register quickly' }));
    const quick = await screen.findByTestId('quick-patient-form');
    expect(within(quick).getByTestId('quick-patient-name')).toHaveValue('Yousef Kamal');
    view.unmount();

    await setLanguage('ar');
    render();
    expect(await screen.findByRole('button', { name: 'غير موجود؟ سجّله سريعًا' })).toBeInTheDocument();
  });

  it('offers no registration to a user who may not register patients', async () => {
    signIn({ permissions: ['patient_read', 'appointment_write'] });
    render();
    await screen.findByTestId('walk-in-dialog');
    expect(screen.queryByTestId('walk-in-patient-quick')).toBeNull();
  });
});
