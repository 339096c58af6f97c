import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Refusal, type BookingApi, type CodeSent, type SiteClinic } from '../api';
import type { Details } from '../booking-flow';
import { todayIn } from '../dates';
import { dobParts, dobValue, type DobParts } from '../dob';
import { useBookI18n } from '../i18n';
import { DobField } from './dob-field';

type Errors = Partial<Record<keyof Details | 'form', string>>;

/** What a field needs before the code is sent (the API checks it all again). */
function check(d: Details, dob: DobParts, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!d.name.trim()) errors.name = t('book.errors.name');
  if (!/^\+?[\d\s-]{7,20}$/.test(d.phone.trim())) errors.phone = t('book.errors.phone');
  // Nothing entered, or parts that name no day (31 April, a year of 2 digits, a day to come).
  if (!d.dateOfBirth) errors.dateOfBirth = t(dob.day || dob.month || dob.year ? 'book.errors.dateOfBirthInvalid' : 'book.errors.dateOfBirth');
  if (!d.gender) errors.gender = t('book.errors.gender');
  return errors;
}

/**
 * The patient's details: name, mobile number, date of birth, sex, an optional identity number, WhatsApp or not; the
 * clinic's cancellation policy; then a one-time code to the number (POST /api/public/book/:slug/code).
 */
export function DetailsStep({ api, clinic, details, onChange, onSent, initialErrors }: {
  api: BookingApi; clinic: SiteClinic; details: Details; onChange: (d: Details) => void; onSent: (sent: CodeSent) => void; initialErrors?: Errors;
}) {
  const { t, lang } = useBookI18n();
  const [errors, setErrors] = useState<Errors>(initialErrors ?? {});
  const [sending, setSending] = useState(false);
  const set = <K extends keyof Details>(key: K, value: Details[K]) => onChange({ ...details, [key]: value });
  const policy = clinic.cancellationPolicy[lang] || clinic.cancellationPolicy[lang === 'ar' ? 'en' : 'ar'];
  const today = todayIn(clinic.timeZone);
  // The three parts as entered (the details keep only a whole date, '' until the parts name one).
  const [dob, setDob] = useState<DobParts>(() => dobParts(details.dateOfBirth));
  const setDobParts = (parts: DobParts) => {
    setDob(parts);
    set('dateOfBirth', dobValue(parts, today));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(details, dob, t);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`book-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      onSent(await api.sendCode({ phone: details.phone.trim(), language: lang, whatsapp: details.whatsapp }));
    } catch (error) {
      const r = error instanceof Refusal ? error : new Refusal(0, 'ERROR', '');
      setErrors({ ...r.fields, form: r.status === 429 ? `${r.message} ${t('book.limits.codes')}` : r.fields.phone ? undefined : r.message || t('book.network') });
      if (r.fields.phone) document.getElementById('book-phone')?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="book-details">
      <Stack gap="sm">
        <TextInput id="book-name" label={t('book.fields.name')} autoComplete="name" required value={details.name} error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)} maxLength={120} data-testid="book-name" />
        <TextInput id="book-phone" label={t('book.fields.phone')} description={t('book.fields.phoneHint')} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" required
          value={details.phone} error={errors.phone} onChange={(e) => set('phone', e.currentTarget.value)} maxLength={20} data-testid="book-phone" />
        <DobField value={dob} onChange={setDobParts} error={errors.dateOfBirth} />
        <Radio.Group id="book-gender" label={t('book.fields.gender')} required value={details.gender} error={errors.gender}
          onChange={(v) => set('gender', v as Details['gender'])} data-testid="book-gender">
          <Group gap="lg" mt={6}>
            <Radio value="female" label={t('book.fields.female')} />
            <Radio value="male" label={t('book.fields.male')} />
          </Group>
        </Radio.Group>
        <TextInput id="book-identity" label={t('book.fields.identity')} description={t('book.fields.optional')} value={details.identity} error={errors.identity}
          onChange={(e) => set('identity', e.currentTarget.value)} maxLength={30} dir="ltr" data-testid="book-identity" />
        <Checkbox label={t('book.fields.whatsapp')} description={t('book.fields.whatsappHint')} checked={details.whatsapp}
          onChange={(e) => set('whatsapp', e.currentTarget.checked)} data-testid="book-whatsapp" />
        {policy && (
          <div>
            <Text size="sm" fw={650}>{t('book.policy')}</Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="book-policy">{policy}</Text>
          </div>
        )}
        <div aria-live="assertive">{errors.form && <Alert color="red" data-testid="book-details-error">{errors.form}</Alert>}</div>
        <Button type="submit" size="md" fullWidth loading={sending} data-testid="book-send-code">{t('book.sendCode')}</Button>
        <Text size="xs" c="dimmed">{t('book.codeHint')}</Text>
      </Stack>
    </form>
  );
}
