import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, ScrollArea, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconScale, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DoctorShareRuleRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { DAY_MONTH_YEAR, formatDay } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { formatMoney } from '@/features/billing';
import { useDoctorShareRules, useWithdrawShareRule } from '../api/doctor-shares';
import { CardHead } from './card-head';
import { RuleDialog } from './rule-dialog';
import { ruleTerms } from './share-format';

function RuleState({ rule }: { rule: DoctorShareRuleRecord }) {
  const { t } = useTranslation();
  const [state, color] = rule.inEffect ? ['inEffect', 'teal'] : rule.withdrawable ? ['upcoming', 'blue'] : ['replaced', 'gray'];
  return <Badge color={color} variant="light" size="sm" style={{ minWidth: 'max-content' }}>{t(`doctorShares.rules.${state}`)}</Badge>;
}

/** A doctor's share rules, newest first, with "Add rule" and the withdrawal of one not yet in effect. */
export function RulesCard({ doctor, currency }: { doctor: { _id: string; name: string }; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useSession();
  const canWrite = can('doctor_share_write');
  const rules = useDoctorShareRules(doctor._id);
  const withdraw = useWithdrawShareRule();
  const [adding, setAdding] = useState(false);
  const [asked, setAsked] = useState<DoctorShareRuleRecord | null>(null);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const rows = rules.data ?? [];

  return (
    <Card withBorder padding="md" data-testid="share-rules">
      <CardHead
        icon={<IconScale size={18} stroke={1.6} />}
        title={t('doctorShares.rules.title')}
        action={canWrite && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="add-share-rule">
            {t('doctorShares.rules.add')}
          </Button>
        )}
      />
      {rules.isPending ? <Skeleton h={80} /> : rows.length === 0 ? (
        <EmptyState title={t('doctorShares.rules.empty')} description={t('doctorShares.rules.emptyHint')} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('doctorShares.rules.service')}</Table.Th>
                <Table.Th>{t('doctorShares.rules.terms')}</Table.Th>
                <Table.Th>{t('doctorShares.rules.effectiveFrom')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('doctorShares.rules.state')}</Table.Th>
                {canWrite && <Table.Th w={48}><VisuallyHidden>{t('doctorShares.rules.withdraw')}</VisuallyHidden></Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((rule) => (
                <Table.Tr key={rule._id} data-testid="share-rule-row" data-rule-id={rule._id}>
                  <Table.Td>
                    {rule.service?.name ?? <Text span c="dimmed" fz="sm">{t('doctorShares.rules.allServices')}</Text>}
                    {/* On a phone the status stands under the service, in place of its own column. */}
                    <Box hiddenFrom="sm" mt={2}><RuleState rule={rule} /></Box>
                  </Table.Td>
                  <Table.Td>
                    <Text span fz="xs" c="dimmed" visibleFrom="sm">{t(`doctorShares.kinds.${rule.kind}`)}{' '}</Text>
                    <Text span fz="sm" fw={600} data-testid="share-rule-terms">{ruleTerms(rule, t, lang, money)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(rule.effectiveFrom, lang, DAY_MONTH_YEAR)}</Table.Td>
                  <Table.Td visibleFrom="sm"><RuleState rule={rule} /></Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {rule.withdrawable && (
                        <Tooltip label={t('doctorShares.rules.withdraw')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('doctorShares.rules.withdraw')} onClick={() => setAsked(rule)} data-testid="withdraw-share-rule">
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {canWrite && <RuleDialog doctor={doctor} currency={currency} opened={adding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        opened={asked !== null}
        title={t('doctorShares.rules.withdrawTitle')}
        text={asked ? t('doctorShares.rules.withdrawText', { terms: ruleTerms(asked, t, lang, money), day: formatDay(asked.effectiveFrom, lang, DAY_MONTH_YEAR) }) : ''}
        confirmLabel={t('doctorShares.rules.withdraw')}
        confirmColor="red"
        loading={withdraw.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) withdraw.mutate(asked._id, { onSettled: () => setAsked(null) });
        }}
      />
    </Card>
  );
}
