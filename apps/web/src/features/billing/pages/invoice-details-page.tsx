import { Anchor, Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsFrame, InfoItem, SectionCard } from '@/components/details';
import { DAY_MONTH_YEAR, formatDate, formatDateTime } from '@/lib/dates';
import { useInvoice } from '../api/invoices';
import { InvoiceActions } from '../components/invoice-actions';
import { ClaimStatusBadge, InvoiceStatusBadge } from '../components/invoice-status-badge';
import { CreditNotesTable, InvoiceLinesTable, PaymentsTable } from '../components/invoice-tables';
import { InvoiceTotals } from '../components/invoice-totals';
import { formatMoney } from '../components/money';

export default function InvoiceDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const lang = i18n.language;

  return (
    <DetailsFrame query={invoice} notFound={t('finance.details.empty')} icon={<IconFileInvoice stroke={1.6} />} back={{ to: '/billing/invoices', label: t('finance.details.back') }}>
      {(inv) => (
        <Stack gap="md" data-testid="invoice-details">
          <Card>
            <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
              <Stack gap={6} style={{ flex: '1 1 18rem', minWidth: 0 }}>
                <Group gap="xs">
                  {inv.displayNumber && <Badge variant="outline" color="gray" tt="none" ff="monospace" data-testid="invoice-number">{inv.displayNumber}</Badge>}
                  <InvoiceStatusBadge status={inv.status} />
                </Group>
                <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
                  {inv.displayNumber ? t('finance.details.title', { number: inv.displayNumber }) : t('finance.details.draftTitle')}
                </Title>
                <Text c="dimmed" size="sm">
                  <Anchor component={Link} to={`/patients/details/${inv.patient._id}`} size="sm" underline="always">{inv.patient.name}</Anchor> · {inv.clinic.name}
                </Text>
              </Stack>
              <InvoiceActions invoice={inv} />
            </Group>
          </Card>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
              <Stack gap="md">
                <Card>
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                    <InfoItem label={t('finance.details.visitDate')} value={formatDate(inv.visitDate, lang, DAY_MONTH_YEAR)} />
                    <InfoItem label={t('finance.details.issuedAt')} value={inv.issuedAt ? formatDateTime(inv.issuedAt, lang) : null} />
                    <InfoItem label={t('finance.details.doctor')} value={inv.doctor?.name} />
                    <InfoItem label={t('finance.details.taxNumber')} value={inv.taxNumber} />
                  </SimpleGrid>
                  {inv.note && <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>{inv.note}</Text>}
                </Card>
                <SectionCard title={t('finance.details.lines')}>
                  <InvoiceLinesTable invoice={inv} />
                </SectionCard>
                <SectionCard title={t('finance.details.payments')}>
                  <PaymentsTable invoice={inv} />
                </SectionCard>
                <SectionCard title={t('finance.details.creditNotes')}>
                  <CreditNotesTable invoice={inv} />
                </SectionCard>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
              <Stack gap="md">
                <SectionCard title={t('finance.details.totals')}>
                  <InvoiceTotals invoice={inv} />
                </SectionCard>
                <SectionCard title={t('finance.details.insurance')} testId="invoice-insurance">
                  {inv.insurer ? (
                    <Stack gap="xs">
                      <Text size="sm" fw={600}>{t('finance.details.coverage', { name: inv.insurer.name, percent: inv.insurer.coverageBasisPoints / 100 })}</Text>
                      {inv.claim && (
                        <Group gap="xs">
                          <Text size="sm">{t('finance.details.claim')}: {formatMoney(inv.claim.amount, inv.currency, lang)}</Text>
                          <ClaimStatusBadge status={inv.claim.status} />
                        </Group>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">{t('finance.details.noInsurance')}</Text>
                  )}
                </SectionCard>
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </DetailsFrame>
  );
}
