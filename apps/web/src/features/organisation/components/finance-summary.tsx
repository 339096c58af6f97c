import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/details';

interface FinanceSummaryProps {
  bankAccount: Array<{ bankName: string; accountName: string; accountNumber: string }>;
  insuranceCompany: Array<{ companyName: string; companyPhone: string; coveragePercentage?: number | null }>;
  cashBoxes: Array<{ name: string; pic: string; currency?: string | null }>;
  onlinePaymentMethods: Array<{ companyName: string; processingFees: number }>;
}

function Block({ title, empty, rows }: { title: string; empty: string; rows: Array<{ key: string; main: string; extra?: string }> }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
        {title}
      </Text>
      {rows.length ? (
        rows.map((r) => (
          <Group key={r.key} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{r.main}</Text>
            {r.extra && <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>{r.extra}</Badge>}
          </Group>
        ))
      ) : (
        <Text size="sm" c="dimmed">{empty}</Text>
      )}
    </Stack>
  );
}

/** Bank accounts, cash boxes, online payment methods and insurance companies of a record. */
export function FinanceSummary({ bankAccount, insuranceCompany, cashBoxes, onlinePaymentMethods }: FinanceSummaryProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('organisation.finance.title')} testId="finance-summary">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Block title={t('organisation.bank.title')} empty={t('organisation.bank.empty')} rows={bankAccount.map((b, i) => ({ key: `b${i}`, main: `${b.bankName} · ${b.accountName}`, extra: `…${b.accountNumber.slice(-4)}` }))} />
        <Block title={t('organisation.cashBoxes.title')} empty={t('organisation.cashBoxes.empty')} rows={cashBoxes.map((c, i) => ({ key: `c${i}`, main: c.name, extra: c.pic }))} />
        <Block title={t('organisation.payments.title')} empty={t('organisation.payments.empty')} rows={onlinePaymentMethods.map((p, i) => ({ key: `p${i}`, main: p.companyName, extra: t('organisation.payments.feesValue', { fees: p.processingFees }) }))} />
        <Block title={t('organisation.insurance.title')} empty={t('organisation.insurance.empty')} rows={insuranceCompany.map((ins, i) => ({ key: `i${i}`, main: ins.companyName, extra: ins.coveragePercentage != null ? `${ins.coveragePercentage}%` : ins.companyPhone }))} />
      </SimpleGrid>
    </SectionCard>
  );
}
