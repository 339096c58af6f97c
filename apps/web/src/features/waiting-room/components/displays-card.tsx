import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBan, IconDeviceTv, IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DisplayRecord } from '@clinic/shared';
import type { DisplayPairing } from '../api/displays';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SectionCard } from '@/components/details';
import { formatDateTime } from '@/lib/dates';
import { newPairingCode, revokeDisplay, useDisplayChange, useDisplays } from '../api/displays';
import { AddDisplayDialog, displayAddress, PairingCodeDialog } from './display-dialogs';

const STATUS_COLORS: Record<DisplayRecord['status'], string> = { pairing: 'blue', paired: 'teal', revoked: 'gray', unpaired: 'orange' };

/** The clinic's screens: each with its room, state and last contact; add one (its code shown once), a new code, revoke. */
export function DisplaysCard({ clinicId }: { clinicId: string }) {
  const { t, i18n } = useTranslation();
  const displays = useDisplays(clinicId);
  const [adding, setAdding] = useState(false);
  const [pairing, setPairing] = useState<DisplayPairing | null>(null);
  const [revoking, setRevoking] = useState<DisplayRecord | null>(null);
  const code = useDisplayChange(newPairingCode);
  const revoke = useDisplayChange(revokeDisplay);
  const rows = displays.data ?? [];
  return (
    <SectionCard
      title={t('waitingRoom.displays.title')}
      icon={<IconDeviceTv size={18} />}
      testId="waiting-room-displays"
      action={<Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="display-add">{t('waitingRoom.displays.add')}</Button>}
    >
      <Text size="sm" c="dimmed">{t('waitingRoom.displays.intro')}</Text>
      <Code block dir="ltr" my="sm" data-testid="display-address">{displayAddress()}</Code>
      {displays.isPending ? <Skeleton height={80} /> : rows.length === 0 ? <Text size="sm" c="dimmed" data-testid="displays-empty">{t('waitingRoom.displays.empty')}</Text> : (
        <Stack gap="xs">
          {rows.map((d) => (
            <Paper key={d._id} withBorder radius="sm" p="xs" data-testid="display-row" data-status={d.status} opacity={d.status === 'revoked' ? 0.65 : 1}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm" truncate="end">{d.name}</Text>
                    <Badge size="xs" variant="light" color={STATUS_COLORS[d.status]} data-testid="display-status">{t(`waitingRoom.displays.status.${d.status}`)}</Badge>
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end">
                    {d.room ?? t('waitingRoom.displays.wholeClinic')} · {d.lastSeenAt ? t('waitingRoom.displays.lastSeen', { when: formatDateTime(d.lastSeenAt, i18n.language) }) : t('waitingRoom.displays.neverSeen')}
                  </Text>
                </Stack>
                {d.status !== 'revoked' && (
                  <Group gap={6} wrap="nowrap">
                    <Button size="compact-sm" variant="light" leftSection={<IconKey size={14} />} loading={code.isPending && code.variables === d._id}
                      onClick={() => code.mutate(d._id, { onSuccess: setPairing })} data-testid="display-new-code">
                      {t('waitingRoom.displays.newCode')}
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconBan size={14} />} onClick={() => setRevoking(d)} data-testid="display-revoke">
                      {t('waitingRoom.displays.revoke')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {adding && <AddDisplayDialog clinicId={clinicId} onClose={() => setAdding(false)} onCreated={(p) => { setAdding(false); setPairing(p); }} />}
      {pairing && <PairingCodeDialog pairing={pairing} onClose={() => setPairing(null)} />}
      <ConfirmDialog
        opened={Boolean(revoking)}
        title={t('waitingRoom.displays.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('waitingRoom.displays.revokeText')}
        confirmLabel={t('waitingRoom.displays.revoke')}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking._id, { onSettled: () => setRevoking(null) })}
      />
    </SectionCard>
  );
}
