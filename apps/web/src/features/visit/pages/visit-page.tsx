import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Card, Center, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarCheck, IconCalendarPlus, IconCalendarTime, IconCalendarX, IconInfoCircle, IconMapPin } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@clinic/shared';
import { LanguageMenu } from '@/components/language-menu';
import { isApiError } from '@/lib/http';
import { currentLanguage, switchLanguage } from '@/lib/i18n';
import { actOnVisit, getVisit } from '../api/visit';
import { VisitMove } from '../components/visit-move';
import { icsHref, phoneLanguage, visitIcs } from '../lib/visit-ics';

/** Big buttons whose words wrap on a narrow phone instead of being cut. */
const WRAP = { root: { height: 'auto', minHeight: 50, paddingBlock: 10 }, label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

/** The token from the reminder's link: after `#`, so it never reaches a server log or a Referer header. */
function tokenFromHash(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, '').replace(/^t=/, ''));
}

function clinicTime(datetime: string, lang: string) {
  // The server writes the time with the clinic's own offset: show that wall time, whatever the phone's zone.
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(datetime);
  if (!m) return { date: datetime, time: '' };
  const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${m[1]}T00:00:00Z`));
  return { date, time: m[2]! };
}

/**
 * The patient's page, opened from a reminder without signing in: the appointment's date, time, clinic and doctor, and
 * two answers, confirm or cancel (with a reason); the clinic's address and map, and the visit for the phone's calendar.
 * Phone first; Arabic or English: the phone's own language, else the patient's preferred one, to begin with.
 */
export default function VisitPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [token, setToken] = useState(tokenFromHash);
  // A link opened while the page is already open changes only the part after `#`.
  useEffect(() => {
    const onHash = () => setToken(tokenFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [languageSet, setLanguageSet] = useState(false);
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState(false);

  const visit = useQuery({
    queryKey: ['visit', token],
    queryFn: ({ signal }) => getVisit(token, signal),
    enabled: Boolean(token),
    retry: false,
  });

  useEffect(() => {
    const preferred = visit.data?.language as Language | undefined;
    if (!languageSet && preferred) {
      setLanguageSet(true);
      const lang = phoneLanguage() ?? preferred;
      if (lang !== currentLanguage()) void switchLanguage(lang).catch(() => undefined);
    }
  }, [visit.data, languageSet]);

  const act = useMutation({
    mutationFn: (action: 'confirm' | 'cancel') => actOnVisit(action, token, reason),
    onSuccess: (data) => {
      client.setQueryData(['visit', token], data);
      setCancelling(false);
    },
  });

  const error = (e: unknown) => (isApiError(e) ? e.message : t('errors.network'));
  const v = visit.data;
  const when = v ? clinicTime(v.datetime, i18n.language) : null;

  return (
    <Box mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack maw={480} mx="auto" gap="md">
        <Group justify="flex-end"><LanguageMenu variant="button" /></Group>
        <Card withBorder radius="md" padding="lg" data-testid="visit-card">
          {!token ? (
            <Alert icon={<IconInfoCircle />} color="gray">{t('visit.noLink')}</Alert>
          ) : visit.isLoading ? (
            <Center py="xl"><Loader role="status" aria-label={t('visit.loading')} /></Center>
          ) : visit.isError ? (
            <Alert icon={<IconInfoCircle />} color="red" data-testid="visit-error">{error(visit.error)}</Alert>
          ) : v && when ? (
            <Stack gap="md">
              <Title order={1} fz="h3">{t('visit.title')}</Title>
              <Stack gap={6}>
                <Text size="sm" c="dimmed">{t('visit.when')}</Text>
                <Text fw={700} fz="lg" data-testid="visit-date">{when.date}</Text>
                <Text fw={700} fz="xl" data-testid="visit-time">{when.time} <Text span size="sm" c="dimmed" fw={400}>({v.timeZone})</Text></Text>
              </Stack>
              <Group grow align="flex-start">
                <Stack gap={2}><Text size="sm" c="dimmed">{t('visit.clinic')}</Text><Text fw={600}>{v.clinic}</Text></Stack>
                <Stack gap={2}><Text size="sm" c="dimmed">{t('visit.doctor')}</Text><Text fw={600}>{v.doctor}</Text></Stack>
              </Group>
              {(v.address || v.mapUrl) && (
                <Stack gap={2} data-testid="visit-address">
                  {v.address && <><Text size="sm" c="dimmed">{t('visit.address')}</Text><Text>{v.address}</Text></>}
                  {v.mapUrl && <Anchor href={v.mapUrl} target="_blank" rel="noopener noreferrer" data-testid="visit-map"><Group gap={4} component="span"><IconMapPin size={16} />{t('visit.map')}</Group></Anchor>}
                </Stack>
              )}
              {v.status !== 'cancelled' && v.status !== 'closed' && (
                <Button
                  component="a"
                  variant="default"
                  leftSection={<IconCalendarPlus size={18} />}
                  href={icsHref(visitIcs(v, { title: t('visit.eventTitle', { clinic: v.clinic }), description: t('visit.eventWith', { doctor: v.doctor }) }))}
                  download="appointment.ics"
                  styles={WRAP}
                  data-testid="visit-add-to-calendar"
                >
                  {t('visit.addToCalendar')}
                </Button>
              )}
              {v.status === 'confirmed' && <Alert color="green" icon={<IconCalendarCheck />} data-testid="visit-confirmed">{t('visit.confirmed')}</Alert>}
              {v.status === 'cancelled' && <Alert color="gray" icon={<IconCalendarX />} data-testid="visit-cancelled">{t('visit.cancelled')}</Alert>}
              {v.status === 'closed' && <Alert color="gray" icon={<IconInfoCircle />}>{t('visit.closed')}</Alert>}
              {v.status === 'scheduled' && !v.canAct && <Alert color="gray" icon={<IconInfoCircle />}>{t('visit.used')}</Alert>}
              {moved && <Alert color="green" icon={<IconCalendarCheck />} role="status" data-testid="visit-moved">{t('visit.move.moved', { date: when.date, time: when.time })}</Alert>}
              {moving && (
                <VisitMove
                  token={token}
                  visit={v}
                  onClose={() => setMoving(false)}
                  onMoved={({ link, ...data }) => {
                    // The move answers a new link (the one opened lapses with the old time): the page goes on with it.
                    const next = decodeURIComponent(link.split('#')[1] ?? '') || token;
                    client.setQueryData(['visit', next], data);
                    if (next !== token) {
                      window.history.replaceState(window.history.state, '', `#${next}`);
                      setToken(next);
                    }
                    setMoving(false);
                    setMoved(true);
                  }}
                />
              )}
              {act.isError && <Alert color="red" data-testid="visit-action-error">{error(act.error)}</Alert>}
              {!moving && !cancelling && (v.status === 'scheduled' || v.status === 'requested' || v.status === 'confirmed') && (
                <Button size="lg" fullWidth styles={WRAP} variant="default" leftSection={<IconCalendarTime />} onClick={() => { setMoving(true); setMoved(false); }} data-testid="visit-move-open">
                  {t('visit.move.open')}
                </Button>
              )}
              {v.canAct && !cancelling && !moving && (
                <Stack gap="sm">
                  <Text size="sm">{t('visit.intro')}</Text>
                  <Button size="lg" fullWidth styles={WRAP} leftSection={<IconCalendarCheck />} loading={act.isPending && act.variables === 'confirm'} onClick={() => act.mutate('confirm')} data-testid="visit-confirm">
                    {t('visit.confirm')}
                  </Button>
                  <Button size="lg" fullWidth styles={WRAP} variant="light" color="red" leftSection={<IconCalendarX />} onClick={() => setCancelling(true)} data-testid="visit-cancel">
                    {t('visit.cancel')}
                  </Button>
                </Stack>
              )}
              {v.canAct && cancelling && (
                <Stack gap="sm">
                  <Title order={2} fz="h4">{t('visit.cancelTitle')}</Title>
                  <Textarea
                    label={t('visit.reason')}
                    placeholder={t('visit.reasonPlaceholder')}
                    value={reason}
                    onChange={(e) => setReason(e.currentTarget.value)}
                    autosize
                    minRows={2}
                    maxLength={500}
                    data-testid="visit-reason"
                  />
                  <Button size="lg" fullWidth styles={WRAP} color="red" disabled={!reason.trim()} loading={act.isPending} onClick={() => act.mutate('cancel')} data-testid="visit-cancel-confirm">
                    {t('visit.confirmCancel')}
                  </Button>
                  <Button size="lg" fullWidth styles={WRAP} variant="default" onClick={() => setCancelling(false)}>{t('visit.keep')}</Button>
                </Stack>
              )}
            </Stack>
          ) : null}
        </Card>
      </Stack>
    </Box>
  );
}
