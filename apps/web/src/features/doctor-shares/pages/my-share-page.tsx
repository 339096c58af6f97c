import { Card, Skeleton, Stack } from '@mantine/core';
import { IconUserDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { doctorShareDoctorsQueryOptions } from '../api/doctor-shares';
import { StatementPanel } from '../components/statement-panel';

/** My share: the signed-in doctor's own statement (no rules, no payouts to record), to read, print and download. */
export default function MySharePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const doctors = useQuery(doctorShareDoctorsQueryOptions());
  const me = doctors.data?.find((d) => d._id === user?.userId) ?? null;
  return (
    <Stack gap="md" data-testid="my-share">
      <PageHeader title={t('doctorShares.myTitle')} subtitle={t('doctorShares.mySubtitle')} />
      {doctors.isPending ? <Skeleton h={200} /> : !me ? (
        <Card withBorder><EmptyState title={t('doctorShares.notADoctor')} icon={<IconUserDollar stroke={1.6} />} /></Card>
      ) : (
        <StatementPanel doctor={me} canPay={false} />
      )}
    </Stack>
  );
}
