import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, CopyButton, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLookup } from '@/lib/lookups';
import { formatDate } from '@/lib/dates';
import { useCalendarFeeds, useFeedAction } from '../api/calendar-feeds';

interface Props {
  /** The signed-in employee: a doctor makes a feed of their own appointments. */
  me: { _id: string; employeeType: string };
  /** Administrators make and manage feeds for any doctor or clinic. */
  admin: boolean;
}

/** "Your appointments on your phone": private iCalendar addresses, made, rotated and revoked here. */
export function CalendarFeedsCard({ me, admin }: Props) {
  const { t, i18n } = useTranslation();
  const feeds = useCalendarFeeds();
  const action = useFeedAction();
  const [fresh, setFresh] = useState<CalendarFeedRecord | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'rotate' | 'revoke'; feed: CalendarFeedRecord } | null>(null);
  const isDoctor = me.employeeType === 'Doctor';
  const ownFeed = feeds.data?.some((f) => f.doctor?._id === me._id);

  const run = async (a: Parameters<typeof action.mutateAsync>[0]) => {
    const result = await action.mutateAsync(a).catch(() => null);
    setFresh(result && result.url ? result : null);
    setConfirm(null);
  };

  return (
    <Card data-testid="calendar-feeds">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={4}>{t('calendarFeeds.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('calendarFeeds.intro')}</Text>
        {fresh?.url && (
          <Alert color="teal" title={t('calendarFeeds.newAddress')} data-testid="calendar-feed-url">
            <Stack gap="xs">
              <Text size="sm">{t('calendarFeeds.copyOnce')}</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput value={fresh.url} readOnly dir="ltr" style={{ flex: 1, minWidth: 0 }} aria-label={t('calendarFeeds.address')} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={fresh.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('calendarFeeds.copied') : t('calendarFeeds.copy')}>
                      <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t('calendarFeeds.copy')}>
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Button component="a" href={fresh.url.replace(/^https?:/, 'webcal:')} variant="subtle" size="compact-sm" w="fit-content">
                {t('calendarFeeds.subscribe')}
              </Button>
            </Stack>
          </Alert>
        )}
        {isDoctor && !ownFeed && !feeds.isPending && (
          <Button leftSection={<IconCalendarShare size={16} />} w="fit-content" loading={action.isPending}
            onClick={() => run({ kind: 'create', input: { doctor: me._id } })} data-testid="create-own-feed">
            {t('calendarFeeds.createOwn')}
          </Button>
        )}
        {admin && <NewFeedForm busy={action.isPending} onCreate={(input) => run({ kind: 'create', input })} />}
        {(feeds.data ?? []).map((feed) => (
          <Group key={feed._id} justify="space-between" wrap="wrap" gap="xs" data-testid="calendar-feed-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end">{feed.doctor?.name ?? feed.clinic?.name}</Text>
              <Group gap={6}>
                <Badge variant="light" color={feed.showNames ? 'orange' : 'gray'} tt="none">
                  {feed.showNames ? t('calendarFeeds.fullNames') : t('calendarFeeds.initials')}
                </Badge>
                <Text size="xs" c="dimmed">{t('calendarFeeds.since', { date: formatDate(feed.rotatedAt ?? feed.createdAt, i18n.language) })}</Text>
              </Group>
            </Stack>
            <Group gap="xs">
              <Button variant="light" size="compact-sm" leftSection={<IconRefresh size={14} />} onClick={() => setConfirm({ kind: 'rotate', feed })}>
                {t('calendarFeeds.rotate')}
              </Button>
              <Button variant="light" color="red" size="compact-sm" leftSection={<IconTrash size={14} />} onClick={() => setConfirm({ kind: 'revoke', feed })}>
                {t('calendarFeeds.revoke')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={!!confirm}
        title={confirm?.kind === 'revoke' ? t('calendarFeeds.revokeTitle') : t('calendarFeeds.rotateTitle')}
        text={confirm?.kind === 'revoke' ? t('calendarFeeds.revokeText') : t('calendarFeeds.rotateText')}
        confirmColor={confirm?.kind === 'revoke' ? 'red' : undefined}
        loading={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run({ kind: confirm.kind, id: confirm.feed._id })}
      />
    </Card>
  );
}

function NewFeedForm({ busy, onCreate }: { busy: boolean; onCreate: (input: { doctor?: string; clinic?: string; showNames: boolean }) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'doctor' | 'clinic'>('doctor');
  const [target, setTarget] = useState<string | null>(null);
  const [showNames, setShowNames] = useState(false);
  const doctors = useLookup('doctors', { isActive: true, sortBy: 'name', order: 'asc' });
  const clinics = useLookup('clinics', { isActive: true, sortBy: 'name', order: 'asc' });
  const options = (kind === 'doctor' ? doctors.data : clinics.data) ?? [];
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl value={kind} onChange={(v) => { setKind(v as 'doctor' | 'clinic'); setTarget(null); }}
        data={[{ value: 'doctor', label: t('calendarFeeds.forDoctor') }, { value: 'clinic', label: t('calendarFeeds.forClinic') }]} />
      <Select data={options.map((o) => ({ value: o._id, label: o.name }))} value={target} onChange={setTarget} searchable
        label={kind === 'doctor' ? t('calendarFeeds.doctor') : t('calendarFeeds.clinic')} style={{ flex: '1 1 12rem' }} data-testid="feed-target" />
      <Switch checked={showNames} onChange={(e) => setShowNames(e.currentTarget.checked)} label={t('calendarFeeds.showNames')} mb={8} />
      <Button disabled={!target} loading={busy} onClick={() => target && onCreate({ [kind]: target, showNames })}>{t('calendarFeeds.create')}</Button>
    </Group>
  );
}
