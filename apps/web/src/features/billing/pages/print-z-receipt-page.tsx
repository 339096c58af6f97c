import { Loader, Text } from '@mantine/core';
import { printedAt } from '@/features/printouts';
import { useZReport, type ZRow } from '../components/z-report';
import { ReceiptFrame } from '../components/receipt-frame';
import classes from '../components/receipt.module.css';

const table = (rows: ZRow[], testId: string) => (
  <table className={classes.rows} data-testid={testId}>
    <tbody>
      {rows.map((r) => <tr key={r.key} data-row={r.key} className={r.strong ? classes.strong : undefined}><td>{r.label}</td><td>{r.value}</td></tr>)}
    </tbody>
  </table>
);

/** The day-close (Z) report of a cash box on the 80 mm till printer. */
export default function PrintZReceiptPage() {
  const { t, lang, user, report, heading, rows, closing } = useZReport();
  return (
    <ReceiptFrame testId="print-z-receipt">
      {report.isPending ? <Loader size="sm" /> : !report.data ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <div className={classes.center} style={{ fontWeight: 700, fontSize: '1.15em' }} data-testid="z-report-title">{t('finance.cashBoxes.zReport')}</div>
          <hr className={classes.rule} />
          {table(heading, 'z-report-heading')}
          <hr className={classes.rule} />
          {table(rows, 'z-report-rows')}
          <hr className={classes.rule} />
          {table(closing, 'z-report-closing')}
          <hr className={classes.rule} />
          <div className={classes.center} style={{ fontSize: '0.85em' }}>{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</div>
        </>
      )}
    </ReceiptFrame>
  );
}
