import { useEffect } from 'react';
import { Avatar, Badge, Button, Card, Center, Divider, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconEdit, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { ContactLinks, InfoItem, SectionCard } from '@/components/details';
import { BookingPageCard } from '../components/booking-page-card';
import { formatDate } from '@/features/organisation';
import { useCompany } from '../api/get-company';

function ListBlock({ title, rows, empty, testId }: { title: string; rows: Array<{ key: string; main: string; sub?: string }>; empty: string; testId: string }) {
  return (
    <SectionCard title={title} testId={testId}>
      {rows.length ? (
        <Stack gap="sm">
          {rows.map((r, i) => (
            <Stack key={r.key} gap={0}>
              {i > 0 && <Divider mb="sm" />}
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{r.main}</Text>
              {r.sub && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{r.sub}</Text>}
            </Stack>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">{empty}</Text>
      )}
    </SectionCard>
  );
}

export default function CompanyPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { can } = useSession();
  const canOpen = useCanOpen();
  const company = useCompany();
  const updated = Boolean((location.state as { updated?: boolean } | null)?.updated);
  const { refetch } = company;

  // Back from the edit page with the updated flag: read the company again.
  useEffect(() => {
    if (updated) void refetch();
  }, [updated, refetch]);

  if (company.isPending) {
    return (
      <Center mih="40vh">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">{t('company.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (company.isError || !company.data) {
    return (
      <Card>
        <EmptyState
          title={company.isError ? company.error.message : t('company.empty')}
          description={company.isError ? undefined : t('company.emptyHint')}
          icon={<IconBuilding stroke={1.6} />}
          actions={
            company.isError ? (
              <Button variant="default" onClick={() => void company.refetch()}>{t('common.actions.retry')}</Button>
            ) : (
              canOpen('/company/edit') && <Button component={Link} to="/company/edit" leftSection={<IconPlus size={16} />} data-testid="company-create">{t('company.create')}</Button>
            )
          }
        />
      </Card>
    );
  }

  const c = company.data;
  const lang = i18n.language;
  const record = c.commercialRecord;
  return (
    <Grid gap="lg" data-testid="company-details">
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <Card>
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <Avatar src={c.logo?.url} size={80} radius="md" color="clinic" alt={t('company.logo.alt')}>
                <IconBuilding size={36} stroke={1.5} />
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={2} fz="h3" data-testid="company-title" style={{ overflowWrap: 'anywhere' }}>{c.name}</Title>
                {c.yearOfEstablishment && <Badge variant="light" tt="none">{t('company.established', { date: formatDate(c.yearOfEstablishment, lang) })}</Badge>}
              </Stack>
            </Group>
            <ContactLinks contacts={c.contactInfos} location={c.locationGoogle} />
            <Divider />
            <InfoItem label={t('organisation.fields.vision')} value={c.vision} />
            <InfoItem label={t('organisation.fields.goals')} value={c.goals} />
            <InfoItem label={t('organisation.fields.overview')} value={c.overview} />
            <InfoItem label={t('company.location')} value={[c.address, c.locationGoogle ? `${c.locationGoogle.x}, ${c.locationGoogle.y}` : ''].filter(Boolean).join('\n')} />
            <InfoItem label={t('company.form.keyMember')} value={c.Key_member} />
            <InfoItem label={t('company.form.founder')} value={c.Founder} />
            <InfoItem label={t('company.form.executives')} value={c.Executives} />
            {can('company_write') && (
              <Button component={Link} to="/company/edit" leftSection={<IconEdit size={16} />} variant="light" data-testid="company-edit">
                {t('organisation.actions.edit')}
              </Button>
            )}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <Stack gap="lg">
          <ListBlock testId="company-banks" title={t('organisation.bank.title')} empty={t('organisation.bank.empty')} rows={c.bankAccount.map((b, i) => ({ key: `b${i}`, main: `${b.bankName} · ${b.accountName}`, sub: `${b.accountNumber} · SWIFT ${b.swiftCode}` }))} />
          <ListBlock testId="company-cash-boxes" title={t('organisation.cashBoxes.title')} empty={t('organisation.cashBoxes.empty')} rows={c.cashBoxes.map((b, i) => ({ key: `c${i}`, main: b.name, sub: t('company.picValue', { name: b.pic }) }))} />
          <ListBlock testId="company-payments" title={t('organisation.payments.title')} empty={t('organisation.payments.empty')} rows={c.onlinePaymentMethods.map((p, i) => ({ key: `p${i}`, main: p.companyName, sub: t('organisation.payments.feesValue', { fees: p.processingFees }) }))} />
          <ListBlock testId="company-insurance" title={t('organisation.insurance.title')} empty={t('organisation.insurance.empty')} rows={c.insuranceCompany.map((ins, i) => ({ key: `i${i}`, main: ins.companyName, sub: [ins.companyPhone, ins.companyEmail].join(' · ') }))} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <SectionCard title={t('company.form.commercialRecord')} testId="company-record">
            <Stack gap="sm">
              <InfoItem label={t('company.record.recordNumber')} value={record?.recordNumber} />
              <InfoItem label={t('company.record.taxNumber')} value={record?.taxNumber} />
              <InfoItem label={t('company.record.issueDate')} value={formatDate(record?.issueDate, lang)} />
              <InfoItem label={t('company.record.expirationDate')} value={formatDate(record?.expirationDate, lang)} />
            </Stack>
          </SectionCard>
          <BookingPageCard companyId={c._id} />
          <SectionCard title={t('company.terms.title')}>
            <Text size="sm" c="dimmed">{t('company.terms.text')}</Text>
          </SectionCard>
          <SectionCard title={t('company.privacy.title')}>
            <Text size="sm" c="dimmed">{t('company.privacy.text')}</Text>
          </SectionCard>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
