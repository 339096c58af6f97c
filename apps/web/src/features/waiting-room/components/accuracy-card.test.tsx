import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WaitAccuracy } from '@clinic/shared';
import { drEmily, drOmar, jsonResponse, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { WaitAccuracyCard } from './accuracy-card';

const figures = { tickets: 12, called: 10, meanEstimateMinutes: 14.5, meanActualMinutes: 18.2, meanAbsoluteErrorMinutes: 4.3, withinFiveMinutesPercent: 70 };
const report: WaitAccuracy = {
  ...figures,
  period: { from: '2026-03-01', to: '2026-03-07' },
  byDoctor: [
    { doctor: drOmar, tickets: 7, called: 6, meanEstimateMinutes: 12, meanActualMinutes: 15, meanAbsoluteErrorMinutes: 3, withinFiveMinutesPercent: 83.3 },
    { doctor: drEmily, tickets: 5, called: 4, meanEstimateMinutes: 18, meanActualMinutes: 23, meanAbsoluteErrorMinutes: 6, withinFiveMinutesPercent: 50 },
  ],
};

function accuracyApi(answer: WaitAccuracy) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(`${url.pathname}${url.search}`);
    return jsonResponse(200, ok(answer));
  }, { profile: {} });
  return asked;
}

describe('the waiting-time accuracy card', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it("compares the estimates given at check-in with the actual waits, overall and per doctor, for the dashboard's period and clinic", async () => {
    const asked = accuracyApi(report);
    renderWithProviders(<WaitAccuracyCard clinic={olayaClinic._id} from="2026-03-01" to="2026-03-07" />);
    expect(await screen.findByTestId('wait-accuracy-estimate')).toHaveTextContent('14.5 min');
    expect(screen.getByTestId('wait-accuracy-actual')).toHaveTextContent('18.2 min');
    expect(screen.getByTestId('wait-accuracy-error')).toHaveTextContent('4.3 min');
    expect(screen.getByTestId('wait-accuracy-within')).toHaveTextContent('70%');
    const doctorRows = within(screen.getByTestId('wait-accuracy-doctors')).getAllByRole('row').slice(1);
    expect(doctorRows.map((r) => r.textContent)).toEqual(['Dr. Omar Haddad612 min15 min83%', 'Dr. Emily Carter418 min23 min50%']);
    expect(asked).toContain(`/api/waiting-room/accuracy?clinic=${olayaClinic._id}&from=2026-03-01&to=2026-03-07`);
  });

  it('says so when no ticket was called in the period, and asks nothing for a period longer than the report allows', async () => {
    const asked = accuracyApi({ ...report, tickets: 0, called: 0, meanEstimateMinutes: null, meanActualMinutes: null, meanAbsoluteErrorMinutes: null, withinFiveMinutesPercent: null, byDoctor: [] });
    const { unmount } = renderWithProviders(<WaitAccuracyCard clinic={null} from="2026-03-01" to="2026-03-07" />);
    expect(await screen.findByTestId('wait-accuracy-none')).toHaveTextContent('No called tickets in this period.');
    unmount();
    asked.length = 0;
    renderWithProviders(<WaitAccuracyCard clinic={null} from="2026-01-01" to="2026-06-30" />);
    expect(await screen.findByText('Choose at most 93 days to see the waiting-time accuracy.')).toBeInTheDocument();
    expect(asked.filter((a) => a.startsWith('/api/waiting-room'))).toEqual([]);
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    accuracyApi(report);
    renderWithProviders(<WaitAccuracyCard clinic={null} from="2026-03-01" to="2026-03-07" />);
    expect(await screen.findByText('وقت الانتظار: المتوقع مقابل الفعلي')).toBeInTheDocument();
    expect(await screen.findByTestId('wait-accuracy-actual')).toHaveTextContent('متوسط الفعلي');
  });
});
