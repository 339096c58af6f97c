import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateInputFormat } from '@/lib/dates';

/** '1990-01-05' or a written date ('January 5, 1990', '5 Jan 1990') as 'YYYY-MM-DD'; null when unreadable. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const parsed = Date.parse(`${text} 12:00 UTC`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
}

/** A date field showing 'MMMM D, YYYY' ('D MMMM YYYY' in Arabic) that also accepts typed dates. Its value is 'YYYY-MM-DD'. */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  const { i18n } = useTranslation();
  return <DateInput valueFormat={dateInputFormat(i18n.language)} dateParser={parseTypedDate} leftSection={<IconCalendar size={16} stroke={1.6} />} {...props} />;
}
