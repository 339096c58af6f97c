import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Center, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { bookingApi, Refusal, type Booked, type CodeSent, type Site } from './api';
import { ANY_DOCTOR, EMPTY_DETAILS, clinicOf, initialChoice, nextStep, placeOf, priceText, serviceMinutes, visibleSteps, type Choice, type Details, type Slot, type Step } from './booking-flow';
import { useBookI18n } from './i18n';
import { ChoiceStep } from './steps/choice-step';
import { CodeStep } from './steps/code-step';
import { DayStep } from './steps/day-step';
import { DetailsStep } from './steps/details-step';
import { DoneStep } from './steps/done-step';
import { TimeStep } from './steps/time-step';

const slugOf = () => decodeURIComponent(window.location.pathname.replace(/^\/book\/?/, '').split('/')[0] ?? '');

/**
 * The public booking page, /book/<slug>: clinic, service, doctor (or any), day, free time, the patient's details, the
 * one-time code, the booking. `?embed=1` (the clinic's own website, in a frame) leaves out the page's header.
 */
export function BookingPage({ onSiteLanguage }: { onSiteLanguage: (lang: 'ar' | 'en') => void }) {
  const { t, lang, setLanguage } = useBookI18n();
  const search = useMemo(() => new URLSearchParams(window.location.search), []);
  const embed = search.get('embed') === '1';
  const slug = useMemo(slugOf, []);
  const api = useMemo(() => bookingApi(slug, lang), [slug, lang]);
  const [site, setSite] = useState<Site>();
  const [loadError, setLoadError] = useState<Refusal | null>(null);
  const [start, setStart] = useState<Choice>({});
  const [choice, setChoice] = useState<Choice>({});
  const [step, setStep] = useState<Step>('clinic');
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [code, setCode] = useState<CodeSent & { sentAt: number; code: string }>();
  const [notice, setNotice] = useState('');
  const [booked, setBooked] = useState<Booked>();
  const [detailErrors, setDetailErrors] = useState<Record<string, string>>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    document.body.classList.toggle('book-embed', embed);
    const controller = new AbortController();
    api.site(controller.signal).then(
      (data) => {
        setSite(data);
        onSiteLanguage(data.language);
        const first = initialChoice(data, search);
        setStart(first);
        setChoice(first);
        setStep(nextStep(first));
      },
      (error: unknown) => error instanceof Refusal && setLoadError(error),
    );
    return () => controller.abort();
    // The page's offer is read once; a language switch only changes its texts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);

  useEffect(() => {
    document.title = site ? `${t('book.title')} · ${site.organisation}` : t('book.title');
  }, [site, t]);

  // Each new step takes the focus to its heading, so a screen reader reads where the patient now is.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const go = (next: Step, changes: Partial<Choice> = {}) => {
    moved.current = true;
    setChoice((c) => ({ ...c, ...changes }));
    setStep(next);
    setNotice('');
  };

  if (loadError) {
    return (
      <Frame embed={embed}>
        <Alert color="red" role="alert" data-testid="book-unavailable">{loadError.status === 404 ? t('book.notFound') : loadError.message || t('book.network')}</Alert>
      </Frame>
    );
  }
  if (!site) return <Frame embed={embed}><Center py="xl"><Loader aria-label={t('book.loading')} role="status" /></Center></Frame>;

  const clinic = clinicOf(site, choice);
  const steps = visibleSteps(site, start);
  const index = Math.max(0, steps.indexOf(step));
  const back = index > 0 && step !== 'done' ? steps[index - 1] : undefined;
  const resetFrom = (target: Step): Partial<Choice> => {
    const order: Step[] = ['clinic', 'service', 'doctor', 'day', 'time'];
    const keys: Record<string, keyof Choice> = { clinic: 'clinic', service: 'service', doctor: 'doctor', day: 'date', time: 'slot' };
    return Object.fromEntries(order.slice(order.indexOf(target)).map((s) => [keys[s], undefined]));
  };

  return (
    <Frame embed={embed} organisation={site.organisation} onLanguage={() => setLanguage(lang === 'ar' ? 'en' : 'ar')}>
      <Stack gap="md">
        {step !== 'done' && (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              {back ? (
                <UnstyledButton onClick={() => go(back, back === 'code' ? {} : resetFrom(back))} data-testid="book-back" className="book-back">
                  {lang === 'ar' ? '→' : '←'} {t('book.back')}
                </UnstyledButton>
              ) : <span />}
              <Text size="sm" c="dimmed">{t('book.stepOf', { step: index + 1, total: steps.length - 1 })}</Text>
            </Group>
            <div className="book-progress" aria-hidden><span style={{ width: `${((index + 1) / (steps.length - 1)) * 100}%` }} /></div>
          </Stack>
        )}
        <div className="book-card">
          <Stack gap="md">
            <Title order={1} fz={22} ref={heading} tabIndex={-1} style={{ outline: 'none' }} data-testid="book-step-title">
              {t(`book.steps.${step}`)}
            </Title>
            {clinic && step !== 'clinic' && step !== 'done' && <Summary site={site} choice={choice} />}
            {notice && <Alert color="orange" role="alert" data-testid="book-notice">{notice}</Alert>}
            {step === 'clinic' && (
              <ChoiceStep
                options={site.clinics.map((c) => ({ id: c._id, title: c.name, detail: placeOf(c) }))}
                onChoose={(id) => { const next = { ...resetFrom('clinic'), clinic: id }; go(nextStep(next), next); }}
              />
            )}
            {step === 'service' && clinic && (
              <ChoiceStep
                options={clinic.services
                  .filter((s) => !start.doctor || clinic.doctors.find((d) => d._id === start.doctor)?.services.includes(s._id))
                  .map((s) => {
                    const minutes = serviceMinutes(s);
                    return { id: s._id, title: s.name, detail: minutes === null ? undefined : t('book.minutes', { count: minutes }), aside: s.price === null ? undefined : priceText(s.price, site.currency, lang) };
                  })}
                onChoose={(id) => { const next = { ...choice, ...resetFrom('service'), clinic: choice.clinic, doctor: start.doctor, service: id }; go(nextStep(next), next); }}
              />
            )}
            {step === 'doctor' && clinic && (
              <ChoiceStep
                options={[
                  { id: ANY_DOCTOR, title: t('book.anyDoctor'), detail: t('book.anyDoctorHint') },
                  ...clinic.doctors.filter((d) => d.services.includes(choice.service ?? '')).map((d) => ({ id: d._id, title: d.name, detail: d.speciality ?? '' })),
                ]}
                onChoose={(id) => go('day', { ...resetFrom('doctor'), doctor: id })}
              />
            )}
            {step === 'day' && clinic && <DayStep api={api} clinic={clinic} choice={choice} onChoose={(date) => go('time', { date, slot: undefined })} />}
            {step === 'time' && clinic && (
              <TimeStep api={api} clinic={clinic} choice={choice} onChoose={(slot: Slot) => go(code?.code ? 'code' : 'details', { slot })} />
            )}
            {step === 'details' && clinic && (
              <DetailsStep initialErrors={detailErrors} api={api} clinic={clinic} details={details} onChange={setDetails} onSent={(sent) => { setCode({ ...sent, sentAt: Date.now(), code: '' }); go('code'); }} />
            )}
            {step === 'code' && clinic && code && choice.slot && (
              <CodeStep
                api={api} clinic={clinic} choice={choice} details={details} sent={code}
                onCode={(value) => setCode({ ...code, code: value })}
                onResent={(sent) => setCode({ ...sent, sentAt: Date.now(), code: '' })}
                onBooked={(done) => { setBooked(done); go('done'); }}
                onTaken={(message) => { go('time', { slot: undefined }); setNotice(message || t('book.taken')); }}
                onDetails={(fields) => { setDetailErrors(fields); go('details'); }}
              />
            )}
            {step === 'done' && booked && clinic && <DoneStep booked={booked} clinic={clinic} />}
          </Stack>
        </div>
      </Stack>
    </Frame>
  );
}

function Summary({ site, choice }: { site: Site; choice: Choice }) {
  const { t } = useBookI18n();
  const clinic = clinicOf(site, choice)!;
  const service = clinic.services.find((s) => s._id === choice.service);
  const doctor = choice.doctor === ANY_DOCTOR ? t('book.anyDoctor') : clinic.doctors.find((d) => d._id === choice.doctor)?.name;
  const parts = [site.clinics.length > 1 ? clinic.name : null, service?.name, doctor].filter((p): p is string => Boolean(p));
  // Each part isolated: an English name on an Arabic page keeps its own direction and the separators stay in place.
  return (
    <Text size="sm" c="dimmed" data-testid="book-summary">
      {parts.map((part, i) => <span key={i}>{i > 0 && ' · '}<bdi>{part}</bdi></span>)}
    </Text>
  );
}

function Frame({ embed, organisation, onLanguage, children }: { embed: boolean; organisation?: string; onLanguage?: () => void; children: React.ReactNode }) {
  const { t } = useBookI18n();
  return (
    <Box component="main" mih="100vh" px={12} py={embed ? 8 : 16}>
      <Stack maw={520} mx="auto" gap="md">
        {!embed && (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Box miw={0}>
              <Text size="xs" c="dimmed">{t('book.title')}</Text>
              <Text fw={700} fz="lg" truncate>{organisation ?? ''}</Text>
            </Box>
            {onLanguage && (
              <UnstyledButton onClick={onLanguage} lang={t('book.otherLanguageCode')} className="book-lang" data-testid="book-language">
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
                  <circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
                </svg>
                {t('book.otherLanguage')}
              </UnstyledButton>
            )}
          </Group>
        )}
        {embed && onLanguage && (
          <Group justify="flex-end"><UnstyledButton onClick={onLanguage} lang={t('book.otherLanguageCode')} fz="sm" c="var(--mantine-color-anchor)" data-testid="book-language">{t('book.otherLanguage')}</UnstyledButton></Group>
        )}
        {children}
      </Stack>
    </Box>
  );
}
