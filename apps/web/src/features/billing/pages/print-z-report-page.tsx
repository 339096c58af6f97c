import { Button, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { printClasses, printedAt, PrintFrame } from '@/features/printouts';
import { zReportPath } from '../api/cash-boxes';
import { useZReport, type ZRow } from '../components/z-report';

const table = (rows: ZRow[], testId: string) => (
  <table className={printClasses.table} data-testid={testId}>
    <tbody>
      {rows.map((r) => (
        <tr key={r.key} data-row={r.key} style={r.strong ? { fontWeight: 700 } : undefined}>
          <th>{r.label}</th>
          <td style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums', color: r.short ? 'var(--mantine-color-red-text)' : undefined }}>{r.value}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The A4 (or A5) day-close (Z) report of a cash box: the day's opening, cash in and out, expected, counted, difference. */
export default function PrintZReportPage() {
  const { t, lang, user, report, box, id, heading, rows, closing } = useZReport();
  return (
    <PrintFrame
      testId="print-z-report"
      actions={(
        <Button component={Link} to={zReportPath(box, id, true)} variant="default" leftSection={<IconReceipt size={16} />} data-testid="z-report-receipt">
          {t('finance.cashBoxes.zReportReceipt')}
        </Button>
      )}
    >
      {report.isPending ? <Loader size="sm" /> : !report.data ? <Text>{t('printouts.notFound')}</Text> : (
        <Stack gap="sm">
          <Title order={3} data-testid="z-report-title">{t('finance.cashBoxes.zReport')}</Title>
          {table(heading, 'z-report-heading')}
          <Divider />
          {table(rows, 'z-report-rows')}
          <Divider />
          {table(closing, 'z-report-closing')}
          <Text size="xs" c="dimmed">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
        </Stack>
      )}
    </PrintFrame>
  );
}
