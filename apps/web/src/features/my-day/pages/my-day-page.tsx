import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingHospital, IconDoorEnter, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBoard, useBoardScreen, useClinicOptions, useUpdateAppointment } from '@/features/appointments';
import { OpenEncounterButton, useOpenEncounterAfterCallIn } from '@/features/encounter';
import { ResultsToReview } from '@/features/orders';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useClinicChoice } from '@/lib/clinic-choice';
import { formatDay } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { MyDayRow, Spotlight } from '../components/my-day-row';
import { myDay } from '../my-day';

/**
 * My day: the signed-in doctor's own patients of today at a clinic (the one they work at or last chose), in order,
 * with each visit's status and minutes waiting since check-in, and the next patient called in with one click (the
 * same visit steps as the front desk's board). Live like the board: a change pushed by the server's event stream
 * refreshes it, and it asks again every refresh period.
 */
export default function MyDayPage() {
  const { t, i18n } = useTranslation();
  const { user, can } = useSession();
  const canWrite = can('appointment_write');
  const clinics = useClinicOptions();
  const { clinicId, choose } = useClinicChoice(clinics.data);
  const board = useBoard(clinicId, null);
  const { errors, setError } = useBoardScreen();
  const callIn = useUpdateAppointment();
  const openEncounter = useOpenEncounterAfterCallIn();
  const [callError, setCallError] = useState<string | null>(null);

  const data = board.data && board.data.clinic._id === clinicId ? board.data : undefined;
  const day = myDay(data, user?.userId);
  const next = day.next;
  const callNext = async () => {
    if (!next) return;
    setCallError(null);
    try {
      await callIn.mutateAsync({ id: next._id, input: { status: 'in_consultation', version: next.version } });
      // Calling in opened the visit's encounter: straight to its note.
      await openEncounter(next._id);
    } catch (e) {
      setCallError(isApiError(e) ? e.message : t('errors.unexpected'));
    }
  };

  return (
    <Stack gap="md" data-testid="my-day">
      <PageHeader
        title={t('shell.titles.myDay')}
        subtitle={data ? t('myDay.subtitle', { clinic: data.clinic.name, day: formatDay(data.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' }) }) : undefined}
        actions={(clinics.data?.length ?? 0) > 1 ? (
          <Select
            aria-label={t('myDay.clinic')}
            data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={clinicId}
            onChange={(value) => value && choose(value)}
            allowDeselect={false}
            searchable
            leftSection={<IconBuildingHospital size={16} />}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="my-day-clinic"
          />
        ) : undefined}
      />
      {board.isError && !data && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">{t('myDay.loadError')}</Alert>
      )}
      {!data && !board.isError ? (
        <Stack gap="sm"><Skeleton h={96} radius="md" /><Skeleton h={64} radius="md" /><Skeleton h={64} radius="md" /></Stack>
      ) : data && (
        <>
          <Card padding="md" data-testid="my-day-next">
            <Stack gap="md">
              {day.current && <Spotlight label={t('myDay.now')} card={day.current} action={<OpenEncounterButton appointmentId={day.current._id} size="md" />} />}
              {next ? (
                <Spotlight
                  label={t('myDay.next')}
                  card={next}
                  action={canWrite && (
                    <Button
                      size="md"
                      color="grape"
                      leftSection={<IconDoorEnter size={18} />}
                      loading={callIn.isPending}
                      onClick={() => void callNext()}
                      aria-label={t('myDay.callInNamed', { name: next.patient.name })}
                      data-testid="my-day-call-in"
                    >
                      {t('myDay.callIn')}
                    </Button>
                  )}
                />
              ) : (
                <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
                  <IconMoodSmile size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm">{t('myDay.nobodyWaiting')}</Text>
                </Group>
              )}
              {day.waiting > 0 && <Text size="sm" c="dimmed" data-testid="my-day-waiting-count">{t('myDay.waitingCount', { count: day.waiting })}</Text>}
              {callError && <Text size="sm" c="red" role="alert">{callError}</Text>}
            </Stack>
          </Card>
          <Title order={3} fz="h5">{t('myDay.list')}</Title>
          {day.cards.length === 0 ? (
            <Card><EmptyState title={t('myDay.empty')} /></Card>
          ) : (
            <Stack gap="xs" data-testid="my-day-list">
              {day.cards.map((card) => (
                <MyDayRow key={card._id} card={card} canWrite={canWrite} error={errors[card._id] ?? null} onError={setError} />
              ))}
            </Stack>
          )}
        </>
      )}
      <ResultsToReview />
    </Stack>
  );
}
