import { Card, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconStethoscope, IconUserDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { useBillingSettings } from '@/features/billing';
import { doctorShareDoctorsQueryOptions, useDoctorShareRules } from '../api/doctor-shares';
import { RulesCard } from '../components/rules-card';
import { StatementPanel } from '../components/statement-panel';

/**
 * The doctors' share (billing): pick a doctor, see and add their share rules, and their statement of a period with
 * the payouts recorded against it.
 */
export default function DoctorSharesPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const doctors = useQuery(doctorShareDoctorsQueryOptions());
  const list = doctors.data ?? [];
  const chosen = list.find((d) => d._id === params.get('doctor')) ?? list[0] ?? null;
  const seesRules = can('doctor_share_read_all') || can('doctor_share_write');
  const rules = useDoctorShareRules(seesRules ? chosen?._id ?? null : null);
  const settings = useBillingSettings();
  const currency = settings.data?.currency ?? 'SAR';
  const tiersOf = (ruleId: string) => rules.data?.find((r) => r._id === ruleId)?.tiers ?? null;
  const choose = (id: string) => setParams((p) => { p.set('doctor', id); return p; }, { replace: true });

  return (
    <Stack gap="md" data-testid="doctor-shares">
      <PageHeader
        title={t('doctorShares.title')}
        subtitle={t('doctorShares.subtitle')}
        actions={list.length > 0 ? (
          <Select
            aria-label={t('doctorShares.doctor')}
            leftSection={<IconStethoscope size={16} stroke={1.6} />}
            data={list.map((d) => ({ value: d._id, label: d.name }))}
            renderOption={({ option }) => {
              const d = list.find((x) => x._id === option.value);
              return (
                <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">{t('doctorShares.ruleCount', { count: d?.rules ?? 0 })}</Text>
                </Group>
              );
            }}
            value={chosen?._id ?? null}
            onChange={(id) => id && choose(id)}
            allowDeselect={false}
            searchable
            w={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="share-doctor"
          />
        ) : undefined}
      />
      {doctors.isPending ? <Skeleton h={200} /> : !chosen ? (
        <Card withBorder><EmptyState title={t('doctorShares.noDoctors')} description={t('doctorShares.noDoctorsHint')} icon={<IconUserDollar stroke={1.6} />} /></Card>
      ) : (
        <>
          {seesRules && <RulesCard key={chosen._id} doctor={chosen} currency={currency} />}
          <StatementPanel key={`s-${chosen._id}`} doctor={chosen} canPay={can('doctor_share_write')} tiersOf={tiersOf} />
        </>
      )}
    </Stack>
  );
}
