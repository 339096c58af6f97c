import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { MapPicker, pointOf, type MapPoint } from './map-picker';

function Harness({ onValue }: { onValue: (v: MapPoint) => void }) {
  const [value, setValue] = useState<MapPoint>({ x: '', y: '' });
  return (
    <MapPicker
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
      label="Location"
      required
    />
  );
}

describe('MapPicker', () => {
  it('works without the map: coordinates can be typed', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.change(await screen.findByTestId('map-latitude'), { target: { value: '24.7136' } });
    fireEvent.change(screen.getByTestId('map-longitude'), { target: { value: '46.6753' } });
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith({ x: 24.7136, y: 46.6753 }));
    expect(screen.getByTestId('map-latitude')).toHaveValue('24.7136');
  });

  it('places the current location, or says why it cannot', async () => {
    const onValue = vi.fn();
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 21.54321234, longitude: 39.17281 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.click(await screen.findByTestId('map-current-location'));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith({ x: 21.543212, y: 39.17281 }));

    getCurrentPosition.mockImplementation(((_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError)) as never);
    fireEvent.click(screen.getByTestId('map-current-location'));
    expect(await screen.findByText('Unable to get your location. Please check your browser permissions.')).toBeInTheDocument();
  });

  it('says when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
    renderWithProviders(<Harness onValue={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('map-current-location'));
    expect(await screen.findByText('Geolocation is not supported by your browser.')).toBeInTheDocument();
  });

  it('names its zoom buttons in the interface language', async () => {
    await setLanguage('ar');
    renderWithProviders(<Harness onValue={vi.fn()} />);
    expect(await screen.findByTitle('تكبير')).toBeInTheDocument();
    expect(screen.getByTitle('تصغير')).toBeInTheDocument();
    expect(screen.queryByTitle('Zoom in')).not.toBeInTheDocument();
  });

  it('shows a marker position only for complete, in-range coordinates', () => {
    expect(pointOf({ x: '24.5', y: 46 })).toEqual([24.5, 46]);
    expect(pointOf({ x: '', y: 46 })).toBeNull();
    expect(pointOf({ x: 95, y: 46 })).toBeNull();
    expect(pointOf(null)).toBeNull();
  });
});
