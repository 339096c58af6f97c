import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoteField as Field } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { NoteField } from './note-field';

const followUp: Field = { key: 'followUp', type: 'date', label: { en: 'Follow-up date', ar: 'تاريخ المتابعة' } } as Field;

afterEach(() => setLanguage('en'));

describe('a note’s date field', () => {
  it('shows the day in Arabic words, not the browser’s mm/dd/yyyy, and stores it as YYYY-MM-DD', async () => {
    await setLanguage('ar');
    mockFetch(() => jsonResponse(404, {}));
    signIn();
    const onChange = vi.fn();
    renderWithProviders(<NoteField field={followUp} value="2026-11-19" onChange={onChange} />);
    const input = await screen.findByRole('textbox', { name: 'تاريخ المتابعة' });
    expect(input).not.toHaveAttribute('type', 'date');
    expect(input).toHaveValue('19 نوفمبر 2026');

    await userEvent.clear(input);
    await userEvent.type(input, '2026-12-03');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-12-03');
  });

  it('reads "November 19, 2026" in English', async () => {
    mockFetch(() => jsonResponse(404, {}));
    signIn();
    renderWithProviders(<NoteField field={followUp} value="2026-11-19" onChange={() => {}} />);
    expect(await screen.findByRole('textbox', { name: 'Follow-up date' })).toHaveValue('November 19, 2026');
  });
});
