import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DoctorShareStatement } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';
import { CardHead } from './card-head';
import { PayoutDialog } from './payout-dialog';

/** The payouts recorded against the period, and (for those who may) "Record payout" for what is left. */
export function StatementPayouts({ statement, money, canWrite }: { statement: DoctorShareStatement; money: (minor: number) => string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="md" data-testid="share-payouts">
      <CardHead
        icon={<IconCash size={18} stroke={1.6} />}
        title={t('doctorShares.payouts.title')}
        action={canWrite && (
          <Button size="xs" onClick={() => setOpen(true)} disabled={statement.balance <= 0} data-testid="record-share-payout">
            {t('doctorShares.payouts.record')}
          </Button>
        )}
      />
      {statement.payouts.length === 0 ? (
        <Text size="sm" c="dimmed">{t('doctorShares.payouts.none')}</Text>
      ) : (
        <Stack gap={6}>
          {statement.payouts.map((p) => (
            <Group key={p._id} justify="space-between" wrap="nowrap" gap="sm" data-testid="share-payout">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="light" color={p.method === 'cash' ? 'teal' : 'blue'} style={{ minWidth: 'max-content' }}>{t(`doctorShares.methods.${p.method}`)}</Badge>
                  {p.reference && <Text size="sm" truncate="end"><bdi>{p.reference}</bdi></Text>}
                </Group>
                <Text size="xs" c="dimmed" truncate="end">{formatDateTime(p.createdAt, i18n.language)}{p.createdBy ? ` · ${p.createdBy.name}` : ''}</Text>
              </Stack>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(p.amount)}</Text>
            </Group>
          ))}
        </Stack>
      )}
      {canWrite && open && <PayoutDialog statement={statement} opened={open} onClose={() => setOpen(false)} />}
    </Card>
  );
}
