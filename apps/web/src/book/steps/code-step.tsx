import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { Refusal, type Booked, type BookingApi, type CodeSent, type SiteClinic } from '../api';
import type { Choice, Details } from '../booking-flow';
import { clinicTime, longDate } from '../dates';
import { useBookI18n } from '../i18n';

const RESEND_AFTER_S = 30;
/** What each limit means for the patient, said after the API's own message. */
const LIMIT_TEXTS: Record<string, string> = {
  BOOKING_LIMIT_DAY: 'book.limits.bookings',
  BOOKING_LIMIT_WEEK: 'book.limits.bookings',
  CODE_TRIES_EXHAUSTED: 'book.limits.tries',
};

interface Props {
  api: BookingApi;
  clinic: SiteClinic;
  choice: Choice;
  details: Details;
  sent: CodeSent & { sentAt: number; code: string };
  onCode: (code: string) => void;
  onResent: (sent: CodeSent) => void;
  onBooked: (done: Booked) => void;
  /** The time was taken meanwhile (409): back to the times, the code kept. */
  onTaken: (message: string) => void;
  /** The API refused a detail (name, date of birth...): back to the details with the messages on their fields. */
  onDetails: (fields: Record<string, string>) => void;
}

/** The one-time code (six digits, by SMS or WhatsApp), a resend within the limits, and the booking itself. */
export function CodeStep({ api, clinic, choice, details, sent, onCode, onResent, onBooked, onTaken, onDetails }: Props) {
  const { t, lang } = useBookI18n();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'book' | 'resend' | null>(null);
  const [now, setNow] = useState(Date.now());
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const wait = Math.max(0, RESEND_AFTER_S - Math.floor((now - sent.sentAt) / 1000));
  const slot = choice.slot!;
  const day = longDate(choice.date!, lang, clinic.hijri);

  const book = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(sent.code)) {
      setError(t('book.errors.code'));
      input.current?.focus();
      return;
    }
    setBusy('book');
    setError('');
    try {
      onBooked(await api.book({
        verification: sent.verification, code: sent.code, clinic: clinic._id, service: choice.service!, doctor: slot.doctor._id, datetime: slot.datetime,
        name: details.name.trim(), dateOfBirth: details.dateOfBirth, gender: details.gender as 'male' | 'female',
        ...(details.identity.trim() ? { identity: details.identity.trim() } : {}), language: lang,
      }));
    } catch (e) {
      const r = e instanceof Refusal ? e : new Refusal(0, 'ERROR', '');
      const { code: codeError, datetime, verification: _v, ...others } = r.fields;
      // Taken meanwhile (409 SLOT_TAKEN), or no longer offered: back to the times, the code kept.
      if (r.code === 'SLOT_TAKEN' || datetime) onTaken(r.message);
      else if (Object.keys(others).length) onDetails(others);
      else {
        setError(codeError ?? (LIMIT_TEXTS[r.code] ? `${r.message} ${t(LIMIT_TEXTS[r.code]!)}` : r.message || t('book.network')));
        input.current?.focus();
      }
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError('');
    try {
      onResent(await api.sendCode({ phone: details.phone.trim(), language: lang, whatsapp: details.whatsapp }));
    } catch (e) {
      const r = e instanceof Refusal ? e : new Refusal(0, 'ERROR', '');
      setError(r.status === 429 ? `${r.message} ${t('book.limits.codes')}` : r.message || t('book.network'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={(e) => void book(e)} noValidate data-testid="book-code-form">
      <Stack gap="sm">
        <Text size="sm" data-testid="book-code-sent">
          {t(sent.channel === 'whatsapp' ? 'book.codeSentWhatsapp' : 'book.codeSentSms', { phone: details.phone.trim() })}
          {sent.channel === 'whatsapp' && sent.smsIfUndelivered && ` ${t('book.codeSmsIfUndelivered')}`}
        </Text>
        <TextInput ref={input} className="book-code" label={t('book.fields.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" required
          value={sent.code} error={error || undefined} onChange={(e) => onCode(e.currentTarget.value.replace(/\D/g, ''))} data-testid="book-code" />
        <div aria-live="assertive" className="mantine-visually-hidden">{error}</div>
        <div>
          <Text size="sm" fw={650}>{day.main} · <span dir="ltr">{clinicTime(slot.datetime, clinic.timeZone, lang)}</span></Text>
          <Text size="sm" c="dimmed">{slot.doctor.name}</Text>
        </div>
        <Button type="submit" size="md" fullWidth loading={busy === 'book'} data-testid="book-confirm">
          {clinic.mode === 'request' ? t('book.request') : t('book.book')}
        </Button>
        <Button variant="subtle" onClick={() => void resend()} disabled={wait > 0} loading={busy === 'resend'} data-testid="book-resend">
          {wait > 0 ? t('book.resendIn', { count: wait }) : t('book.resend')}
        </Button>
        <Text size="xs" c="dimmed" data-testid="book-code-limits">{t('book.limits.explained')}</Text>
      </Stack>
    </form>
  );
}
