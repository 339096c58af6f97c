import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLock, IconPlus, IconPrescription, IconPrinter, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doseText, frequencyText, type Prescription } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { formatDay } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { usePrescriptions } from '../api/prescriptions';
import { CancelPrescriptionDialog } from './cancel-dialog';
import { PrescriptionForm } from './prescription-form';

const STATUS_COLOR = { draft: 'gray', issued: 'teal', cancelled: 'red' } as const;

/** Opens the printout in a new tab (the browser prints it, or saves it as a PDF). */
export const printHref = (id: string) => `/print/prescription/${id}`;

/**
 * A prescription written at another doctor's sensitive encounter: its number, state and date, and where to open it
 * with a reason; nothing to print or cancel (the answer carries no drugs).
 */
function RestrictedPrescriptionRow({ p }: { p: Prescription }) {
  const { t, i18n } = useTranslation();
  const text = t('prescriptions.restricted');
  return (
    <Card withBorder padding="sm" data-testid="rx-row" data-restricted>
      <Group gap="xs">
        <Text fw={600}>{p.number}</Text>
        <Badge color={STATUS_COLOR[p.status]} variant="light">{t(`prescriptions.status.${p.status}`)}</Badge>
        {p.issuedAt && <Text size="sm" c="dimmed">{formatDay(p.issuedAt.slice(0, 10), i18n.language)}</Text>}
      </Group>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fs="italic" c="dimmed">{p.encounter ? <Anchor component={Link} to={`/encounters/${p.encounter}`} inherit>{text}</Anchor> : text}</Text>
      </Group>
    </Card>
  );
}

function PrescriptionRow({ p, canCancel, onCancel }: { p: Prescription; canCancel: boolean; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card withBorder padding="sm" data-testid="rx-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{p.number}</Text>
          <Badge color={STATUS_COLOR[p.status]} variant="light">{t(`prescriptions.status.${p.status}`)}</Badge>
          {p.issuedAt && <Text size="sm" c="dimmed">{formatDay(p.issuedAt.slice(0, 10), lang)}</Text>}
        </Group>
        <Group gap="xs">
          {p.status !== 'draft' && (
            <Button component="a" href={printHref(p._id)} target="_blank" rel="noopener" size="xs" variant="light" leftSection={<IconPrinter size={14} />} data-testid="rx-print">
              {t('prescriptions.print')}
            </Button>
          )}
          {canCancel && p.status === 'issued' && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={onCancel} data-testid="rx-cancel">{t('prescriptions.cancel.action')}</Button>
          )}
        </Group>
      </Group>
      <Stack gap={2} mt={4}>
        {p.items.map((i) => (
          <Text key={i._id} size="sm">{`${i.name} ${i.strength}`.trim()} · {doseText(i.dose, i.unit, lang)} · {frequencyText(i.frequency, lang)} · {t('prescriptions.days', { count: i.durationDays })}</Text>
        ))}
        {p.status === 'cancelled' && <Text size="xs" c="red">{t('prescriptions.cancelledBecause', { reason: p.cancelReason })}</Text>}
      </Stack>
    </Card>
  );
}

/**
 * The prescriptions of a patient (of one visit, with `encounterId`): new prescription (for `prescribe`), the list with
 * print and cancel. For the encounter screen and the patient's clinical area.
 */
export function PrescriptionPanel({ patientId, encounterId, clinicId }: { patientId: string; encounterId?: string; clinicId?: string | null }) {
  const { t } = useTranslation();
  const { can, user } = useSession();
  const list = usePrescriptions(patientId, encounterId);
  const [writing, setWriting] = useState(false);
  const [cancelling, setCancelling] = useState<Prescription | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <SectionCard
      icon={<IconPrescription size={18} />}
      title={t('prescriptions.title')}
      testId="prescription-panel"
      action={can('prescribe') && (
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setWriting(true)} data-testid="rx-new">{t('prescriptions.new')}</Button>
      )}
    >
      {list.isPending ? <Loader size="sm" /> : list.isError ? (
        <Alert color="red">{t('prescriptions.loadFailed')}</Alert>
      ) : rows.length === 0 ? <Text size="sm" c="dimmed">{t('prescriptions.empty')}</Text> : (
        <Stack gap="xs">
          {rows.map((p) => (p.restricted
            ? <RestrictedPrescriptionRow key={p._id} p={p} />
            : <PrescriptionRow key={p._id} p={p} canCancel={can('prescribe') && p.prescriber._id === user?.userId} onCancel={() => setCancelling(p)} />))}
        </Stack>
      )}
      {writing && <PrescriptionForm patientId={patientId} encounterId={encounterId} clinicId={clinicId} opened={writing} onClose={() => setWriting(false)} />}
      {cancelling && <CancelPrescriptionDialog prescription={cancelling} onClose={() => setCancelling(null)} />}
    </SectionCard>
  );
}
