import { useEffect } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { DateField, NumberField, RadioField, SelectField, TextAreaField, TextField } from './fields';

interface Values {
  name: string;
  note: string;
  kind: string;
  count: number | '';
  day: string;
}

/** A form whose every field carries an error, as after a refused save. */
function Broken() {
  const { control, setError } = useForm<Values>({ defaultValues: { name: '', note: '', kind: '', count: '', day: '' } });
  useEffect(() => {
    for (const name of ['name', 'note', 'kind', 'count', 'day'] as const) setError(name, { message: `${name} is wrong` });
  }, [setError]);
  return (
    <form>
      <TextField control={control} name="name" label="Name" required />
      <TextAreaField control={control} name="note" label="Note" />
      <SelectField control={control} name="kind" label="Kind" data={['a', 'b']} />
      <NumberField control={control} name="count" label="Count" />
      <DateField control={control} name="day" label="Day" />
    </form>
  );
}

describe('form fields', () => {
  it('mark a field with an error invalid and link the message to it, so a screen reader reads it with the field', async () => {
    renderWithProviders(<Broken />);
    for (const [label, name] of [['Name', 'name'], ['Note', 'note'], ['Kind', 'kind'], ['Count', 'count'], ['Day', 'day']] as const) {
      const input = await screen.findByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea, button' });
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
      const described = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = described.map((id) => document.getElementById(id)?.textContent ?? '');
      expect(texts, label).toContain(`${name} is wrong`);
    }
  });

  it('give the clear button of a date a name in the interface language', async () => {
    function WithDate() {
      const { control } = useForm<{ day: string }>({ defaultValues: { day: '2026-01-05' } });
      return <DateField control={control} name="day" label="Day" clearable />;
    }
    renderWithProviders(<WithDate />);
    expect(await screen.findByRole('button', { name: 'Clear' })).toBeInTheDocument();
    await setLanguage('ar');
    expect(await screen.findByRole('button', { name: 'مسح' })).toBeInTheDocument();
    await setLanguage('en');
  });

  it('offer a few choices as radio buttons: the form holds the one picked, and a refused value names the group', async () => {
    let read: () => string = () => '';
    function Announce() {
      const { control, getValues, setError } = useForm<{ announce: string }>({ defaultValues: { announce: 'ar' } });
      read = () => getValues('announce');
      useEffect(() => setError('announce', { message: 'Pick how calls are read out' }), [setError]);
      return <RadioField control={control} name="announce" label="Read calls out in" required data={[{ value: 'ar', label: 'Arabic' }, { value: 'en', label: 'English' }]} />;
    }
    renderWithProviders(<Announce />);
    expect(await screen.findByRole('radio', { name: 'Arabic' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'English' })).toBeChecked());
    expect(read()).toBe('en');
    expect(screen.getByRole('radiogroup', { name: /Read calls out in/ })).toBeInTheDocument();
    expect(screen.getByText('Pick how calls are read out')).toBeInTheDocument();
  });
});
