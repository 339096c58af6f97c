import { Input, InputBase, TextInput } from '@mantine/core';
import { latinDigits, monthNames, wholeDate, type DobParts } from '../dob';
import { useBookI18n } from '../i18n';

const chevron = (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

/**
 * The date of birth as day, month (by name) and year, in the page's order and language: a group named by its label,
 * the error said once for the group. A whole date typed or pasted into the day ("12/04/1991", "1991-04-12") fills
 * the three.
 */
export function DobField({ value, onChange, error }: { value: DobParts; onChange: (parts: DobParts) => void; error?: string }) {
  const { t, lang } = useBookI18n();
  const months = monthNames(lang);
  const digits = (text: string, max: number) => latinDigits(text).replace(/\D/g, '').slice(0, max);
  const invalid = Boolean(error);
  const described = invalid ? 'book-dob-error' : undefined;
  return (
    <div role="group" aria-labelledby="book-dob-label" data-testid="book-dob-group">
      <Input.Label id="book-dob-label" labelElement="div" required>{t('book.fields.dateOfBirth')}</Input.Label>
      <div className="book-dob">
        <TextInput
          id="book-dateOfBirth" label={t('book.fields.day')} inputMode="numeric" autoComplete="bday-day" dir="ltr" value={value.day} error={invalid}
          aria-describedby={described} onChange={(e) => {
            const whole = wholeDate(e.currentTarget.value);
            onChange(whole ?? { ...value, day: digits(e.currentTarget.value, 2) });
          }} data-testid="book-dob" />
        <InputBase
          component="select" id="book-dob-month" label={t('book.fields.month')} autoComplete="bday-month" value={value.month} error={invalid} pointer
          rightSection={chevron} rightSectionPointerEvents="none" aria-describedby={described}
          onChange={(e: React.ChangeEvent<HTMLSelectElement>) => onChange({ ...value, month: e.currentTarget.value })} data-testid="book-dob-month">
          <option value="" disabled>{t('book.fields.monthPlaceholder')}</option>
          {months.map((name, i) => <option key={name} value={String(i + 1)}>{name}</option>)}
        </InputBase>
        <TextInput
          id="book-dob-year" label={t('book.fields.year')} inputMode="numeric" autoComplete="bday-year" dir="ltr" value={value.year} error={invalid}
          aria-describedby={described} onChange={(e) => onChange({ ...value, year: digits(e.currentTarget.value, 4) })} data-testid="book-dob-year" />
      </div>
      {error && <Input.Error id="book-dob-error" mt={6}>{error}</Input.Error>}
    </div>
  );
}
