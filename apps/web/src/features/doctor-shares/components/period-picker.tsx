import { Button, Group } from '@mantine/core';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateInput, MonthPickerInput } from '@/components/dates/pickers';
import { addDays, parseDateText } from '@clinic/shared';
import { dateInputFormat, todayIso } from '@/lib/dates';
import { monthOf } from './share-format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The statement's period, kept in the address (`from`, `to`): the current month unless chosen. */
export function useStatementPeriod() {
  const [params, setParams] = useSearchParams();
  const month = monthOf(todayIso());
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = DAY.test(from) && DAY.test(to) ? { from, to } : month;
  const setPeriod = (next: { from: string; to: string }) =>
    setParams((p) => { p.set('from', next.from); p.set('to', next.to); return p; }, { replace: true });
  return { ...period, setPeriod };
}

/** A month at once (the usual statement), or any days from and to (close days, inclusive). */
export function PeriodPicker({ from, to, onChange }: { from: string; to: string; onChange: (period: { from: string; to: string }) => void }) {
  const { t, i18n } = useTranslation();
  const format = dateInputFormat(i18n.language, 'short');
  const whole = monthOf(from);
  // The quick path: this month, or last month (what is closed and paid in the first days of a month).
  const thisMonth = monthOf(todayIso());
  const lastMonth = monthOf(addDays(thisMonth.from, -1));
  const quick = [
    { key: 'thisMonth', period: thisMonth },
    { key: 'lastMonth', period: lastMonth },
  ] as const;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="share-period">
      <Button.Group>
        {quick.map(({ key, period }) => {
          const active = period.from === from && period.to === to;
          return (
            <Button key={key} variant={active ? 'light' : 'default'} aria-pressed={active} onClick={() => onChange(period)} data-testid={`share-${key}`}>
              {t(`doctorShares.period.${key}`)}
            </Button>
          );
        })}
      </Button.Group>
      <MonthPickerInput
        label={t('doctorShares.period.month')}
        leftSection={<IconCalendarMonth size={16} stroke={1.6} />}
        value={whole.from === from && whole.to === to ? from : null}
        placeholder={t('doctorShares.period.custom')}
        onChange={(v) => v && onChange(monthOf(String(v)))}
        valueFormat="MMMM YYYY"
        popoverProps={{ withinPortal: true }}
        w={180}
        data-testid="share-month"
      />
      <DateInput
        label={t('doctorShares.period.from')}
        value={from}
        onChange={(v) => v && onChange({ from: String(v), to: String(v) > to ? String(v) : to })}
        valueFormat={format}
        dateParser={parseDateText}
        popoverProps={{ withinPortal: true }}
        w={150}
        data-testid="share-from"
      />
      <DateInput
        label={t('doctorShares.period.to')}
        value={to}
        onChange={(v) => v && onChange({ from: String(v) < from ? String(v) : from, to: String(v) })}
        valueFormat={format}
        dateParser={parseDateText}
        popoverProps={{ withinPortal: true }}
        w={150}
        data-testid="share-to"
      />
    </Group>
  );
}
