import { useState } from 'react';
import { Badge, Card, Grid, Group, Loader, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CashBoxSummary } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useCashBox, useCashBoxes } from '../api/cash-boxes';
import { CashBoxCloseDialog } from '../components/cash-box-close-dialog';
import { CloseDayButton } from '../components/close-day-button';
import { CashBoxCloses, CashBoxTransactions } from '../components/cash-box-history';
import { boxLabel } from '../components/cash-box-label';
import { formatMoney } from '../components/money';
import { useClinicChoice } from '@/lib/clinic-choice';

function BoxCard({ box, selected, onSelect }: { box: CashBoxSummary; selected: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected} data-testid="cash-box-card" data-box-id={box._id}>
      <Card withBorder padding="sm" style={{ borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined, borderWidth: selected ? 2 : undefined }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          {/* The name tells the boxes apart: it wraps to a second line rather than losing its end. */}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{box.name}</Text>
            <Text size="xs" c="dimmed" truncate="end">{box.clinic?.name ?? t('finance.cashBoxes.company')}</Text>
          </Stack>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="cash-box-balance">{formatMoney(box.balance, box.currency, i18n.language)}</Text>
        </Group>
        <Group gap="xs" mt={6}>
          {!box.isActive && <Badge size="xs" color="gray">{t('finance.cashBoxes.inactive')}</Badge>}
          <Text size="xs" c="dimmed">
            {t('finance.cashBoxes.lastClosed')}: {box.lastClosedOn ? formatDate(box.lastClosedOn, i18n.language, DAY_MONTH_YEAR) : t('finance.cashBoxes.neverClosed')}
          </Text>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** The cash boxes of the company and its clinics: balances, a box's transactions and its day closes. */
export default function CashBoxesPage() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const boxes = useCashBoxes({ includeInactive: true });
  const rows = boxes.data ?? [];
  // Without a box in the address, the first box of the clinic the user works at or last chose.
  const { clinicId, choose } = useClinicChoice(rows.flatMap((b) => (b.clinic ? [b.clinic] : [])));
  const selectedId = params.get('box') ?? (rows.find((b) => b.clinic?._id === clinicId) ?? rows[0])?._id ?? null;
  const box = useCashBox(selectedId);
  const summary = rows.find((b) => b._id === selectedId);
  const [closing, setClosing] = useState(false);
  const select = (id: string) => {
    setParams((p) => { p.set('box', id); return p; }, { replace: true });
    const clinic = rows.find((b) => b._id === id)?.clinic;
    if (clinic) choose(clinic._id);
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('finance.cashBoxes.title')} subtitle={t('finance.cashBoxes.subtitle')} />
      {boxes.isPending ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Card><EmptyState title={t('finance.cashBoxes.empty')} icon={<IconCashRegister stroke={1.6} />} /></Card>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            {/* A phone chooses the box from a list, so its balance and history stay in view. */}
            <Select
              hiddenFrom="md"
              aria-label={t('finance.cashBoxes.choose')}
              data={rows.map((b) => ({ value: b._id, label: boxLabel(b, t('finance.cashBoxes.company')) }))}
              value={selectedId}
              // English names on an Arabic screen read from their own start: the field and each option take the text's direction.
              dir="auto"
              renderOption={({ option }) => <span dir="auto">{option.label}</span>}
              onChange={(id) => id && select(id)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="cash-box-select"
            />
            <Stack gap="sm" visibleFrom="md" data-testid="cash-box-list">
              {rows.map((b) => (
                <BoxCard key={b._id} box={b} selected={b._id === selectedId} onSelect={() => select(b._id)} />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {summary && (
              <Stack gap="md" data-testid="cash-box-details">
                <Card>
                  <Group justify="space-between" gap="md" wrap="wrap">
                    <Stack gap={2}>
                      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('finance.cashBoxes.balance')}</Text>
                      <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="cash-box-details-balance">
                        {formatMoney(box.data?.balance ?? summary.balance, summary.currency, i18n.language)}
                      </Text>
                      <Text size="sm" c="dimmed">{boxLabel(summary, t('finance.cashBoxes.company'))}{summary.pic ? ` · ${summary.pic}` : ''}</Text>
                    </Stack>
                    {can('cashbox_close') && summary.isActive && (
                      <CloseDayButton boxId={summary._id} closedToday={box.data?.closedToday ?? null} loading={box.isPending} onClose={() => setClosing(true)} />
                    )}
                  </Group>
                </Card>
                <SectionCard title={t('finance.cashBoxes.closes')}>
                  {box.data ? <CashBoxCloses box={box.data} /> : <Loader size="sm" />}
                </SectionCard>
                <SectionCard title={t('finance.cashBoxes.transactions')}>
                  {box.data ? <CashBoxTransactions box={box.data} /> : <Loader size="sm" />}
                </SectionCard>
                {closing && <CashBoxCloseDialog box={{ ...summary, balance: box.data?.balance ?? summary.balance }} opened onClose={() => setClosing(false)} />}
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
