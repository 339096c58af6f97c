import { lazy } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { ChartLoading, LazyBarChart } from './lazy-charts';

describe('lazily loaded charts', () => {
  it('hold the chart\'s place with a placeholder that says it is loading, then show the chart', async () => {
    await setLanguage('en');
    let release = () => {};
    const library = new Promise<void>((resolve) => { release = resolve; });
    const Chart = lazy(() => library.then(() => ({ default: () => <p>chart drawn</p> })));
    renderWithProviders(<ChartLoading height={240}><Chart /></ChartLoading>);
    const placeholder = await screen.findByRole('status', { name: 'Loading…' });
    // The chart's own height (240 px = 15 rem), so nothing moves when the chart takes its place.
    expect(placeholder.getAttribute('style')).toMatch(/height: calc\(15rem/);
    await act(async () => release());
    expect(await screen.findByText('chart drawn')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
  });

  it('say so in the chart\'s place when the chart cannot be shown, and keep the rest of the page', async () => {
    await setLanguage('ar');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Failed to fetch dynamically imported module');
    }
    renderWithProviders(<><h1>لوحة المعلومات</h1><ChartLoading height={240}><Broken /></ChartLoading></>);
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل الرسم البياني');
    expect(screen.getByRole('heading', { name: 'لوحة المعلومات' })).toBeInTheDocument();
  });

  it('draw the chart once the chart library has loaded', async () => {
    await setLanguage('en');
    const { container } = renderWithProviders(<LazyBarChart h={200} data={[{ status: 'Done', count: 2 }]} dataKey="status" series={[{ name: 'count' }]} />);
    await waitFor(() => expect(container.querySelector('.mantine-BarChart-root')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
  });
});
