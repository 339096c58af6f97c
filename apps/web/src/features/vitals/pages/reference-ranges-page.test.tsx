import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VITAL_RANGES, effectiveRanges } from '@clinic/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import ReferenceRangesPage from './reference-ranges-page';

const overrides = { adult: { pulse: { low: 50, high: 110, criticalLow: 40, criticalHigh: 150 } }, child: {} };
const answer = (o: typeof overrides) => ok({
  defaults: DEFAULT_VITAL_RANGES, overrides: o, effective: effectiveRanges(o), updatedAt: '2026-11-20T08:00:00Z', updatedBy: { _id: 'e1', name: 'Dr. Khalid' },
});

/** The page against a server that keeps the overrides it is sent; `refuse` answers a PUT with field errors instead. */
function serve(refuse?: Record<string, string>) {
  const sent: any[] = [];
  let current = overrides;
  mockFetch((url, init) => {
    if (url.pathname !== '/api/vitals/reference-ranges') return jsonResponse(404, errorBody('Not found'));
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      if (refuse) return jsonResponse(400, errorBody('Check the highlighted fields', 'VALIDATION_FAILED', refuse));
      current = body;
      return jsonResponse(200, answer(current));
    }
    return jsonResponse(200, answer(current));
  }, { profile: {} });
  signIn();
  renderWithProviders(<ReferenceRangesPage />, '/vital-ranges');
  return sent;
}

afterEach(() => setLanguage('en'));

describe('vital reference ranges', { timeout: 20_000 }, () => {
  it('shows the defaults as placeholders and the company\'s overrides as values', async () => {
    serve();
    const pulse = await screen.findByTestId('range-adult-pulse');
    await waitFor(() => expect(within(pulse).getByTestId('range-adult-pulse-low')).toHaveValue('50'));
    expect(within(pulse).getByTestId('range-adult-pulse-state')).toHaveTextContent('Changed');
    const temperature = screen.getByTestId('range-adult-temperature-low');
    expect(temperature).toHaveValue('');
    expect(temperature).toHaveAttribute('placeholder', '36');
    expect(screen.getByTestId('range-adult-spo2-high')).toHaveAttribute('placeholder', 'Not checked');
    expect(screen.getByTestId('vital-ranges-updated')).toHaveTextContent('Dr. Khalid');
  });

  it('saves an edited vital (empty sides take the default) and resets another to the default', async () => {
    const sent = serve();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('range-adult-pulse-low')).toHaveValue('50'));
    await user.click(screen.getByTestId('range-adult-pulse-reset'));
    expect(screen.getByTestId('range-adult-pulse-low')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Children' }));
    await user.type(screen.getByTestId('range-child-temperature-high'), '38');
    await user.click(screen.getByTestId('vital-ranges-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ adult: {}, child: { temperature: { criticalLow: 35, low: 36, high: 38, criticalHigh: 40 } } });
  });

  it('shows the server\'s field errors on the fields, in the group that has them', async () => {
    serve({ 'adult.pulse.low': 'The limits must rise: critical low, low, high, critical high' });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('range-adult-pulse-low')).toHaveValue('50'));
    await user.click(screen.getByRole('radio', { name: 'Children' }));
    await user.click(screen.getByTestId('vital-ranges-save'));
    await expectFieldError(await screen.findByTestId('range-adult-pulse-low'), 'The limits must rise: critical low, low, high, critical high');
    expect(screen.getByTestId('vital-ranges-errors')).toHaveTextContent('One limit needs fixing');
  });

  it('reads in Arabic', async () => {
    await setLanguage('ar');
    serve();
    expect(await screen.findByText('المعدلات المرجعية للعلامات الحيوية')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'الأطفال' })).toBeInTheDocument();
  });
});
