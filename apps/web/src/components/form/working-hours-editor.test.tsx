import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { formatClock, weekdayName, WorkingHoursEditor, type EditorDay } from './working-hours-editor';

const week: EditorDay[] = [
  { day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '21:00' }] },
  { day: 'Monday', timeSlots: [{ startTime: '14:00', endTime: '22:00' }] },
];

describe('WorkingHoursEditor', () => {
  afterEach(() => setLanguage('en'));

  it('writes 24-hour times and day names for the language', async () => {
    expect(formatClock('21:30', 'en')).toBe('21:30');
    expect(formatClock('09:05', 'ar')).toBe('09:05');
    expect(weekdayName('Saturday', 'en')).toBe('Saturday');
    expect(weekdayName('Sunday', 'ar')).toBe('الأحد');
    await setLanguage('ar');
    renderWithProviders(<WorkingHoursEditor value={week} onChange={vi.fn()} />);
    const sunday = screen.getByTestId('working-day-Sunday');
    expect(within(sunday).getByRole('checkbox', { name: 'الأحد' })).toBeChecked();
    expect(sunday).toHaveTextContent('09:00 – 13:00 · 16:00 – 21:00');
    expect(within(screen.getByTestId('working-day-Friday')).getByText('مغلق')).toBeInTheDocument();
  });

  it('shows each message on its own time, a day\'s on the day, the list\'s below', () => {
    renderWithProviders(
      <WorkingHoursEditor
        value={week}
        onChange={vi.fn()}
        slotError={(day, slot, edge) => (day === 'Sunday' && slot === 1 && edge === 'endTime' ? 'End time must be after start time' : undefined)}
        dayError={(day) => (day === 'Monday' ? 'Break times must lie inside working hours' : undefined)}
        error="At least one working hour entry is required"
      />,
    );
    const sunday = screen.getByTestId('working-day-Sunday');
    expect(within(sunday).getByText('End time must be after start time')).toBeInTheDocument();
    expect(within(screen.getByTestId('working-day-Monday')).getByText('Break times must lie inside working hours')).toBeInTheDocument();
    expect(screen.getByTestId('working-hours-error')).toHaveTextContent('At least one working hour entry is required');
  });

  it('opens a day with the default hours, adds slots up to the limit, and keeps the week in order', () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(<WorkingHoursEditor value={week} onChange={onChange} maxSlots={2} defaultSlot={{ startTime: '08:00', endTime: '12:00' }} />);
    // Sunday has its two shifts: no third.
    expect(screen.queryByTestId('working-day-Sunday-add-slot')).toBeNull();
    fireEvent.click(screen.getByTestId('working-day-Saturday-open'));
    expect(onChange).toHaveBeenLastCalledWith([...week, { day: 'Saturday', timeSlots: [{ startTime: '08:00', endTime: '12:00' }] }]);
    fireEvent.click(screen.getByTestId('working-day-Monday-add-slot'));
    expect(onChange.mock.lastCall![0][1]).toEqual({ day: 'Monday', timeSlots: [{ startTime: '14:00', endTime: '22:00' }, { startTime: '22:00', endTime: '23:59' }] });
    unmount();
    renderWithProviders(<WorkingHoursEditor value={[week[1]!, week[0]!]} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('working-day-Monday-open'));
    expect(onChange).toHaveBeenLastCalledWith([week[0]]);
  });
});
