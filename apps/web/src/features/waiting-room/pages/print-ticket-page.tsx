import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReceiptFrame, receiptClasses as classes } from '@/features/billing';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useTicket } from '../api/queue';

/**
 * The queue ticket on an 80 mm till printer, handed over at check-in: the clinic, the number (large), the doctor and
 * room, the place and estimated wait at the time of printing.
 */
export default function PrintTicketPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id = '' } = useParams();
  const { user } = useSession();
  const ticket = useTicket(id);
  const d = ticket.data;
  const waiting = d?.state === 'waiting';
  return (
    <ReceiptFrame testId="print-ticket">
      {ticket.isPending ? <Loader size="sm" /> : !d ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <div className={classes.center}>
            <div style={{ fontWeight: 700, fontSize: '1.15em' }}>{d.clinic.name}</div>
            <div style={{ marginTop: '2mm' }}>{t('waitingRoom.print.number')}</div>
            <div dir="ltr" style={{ fontSize: '34pt', fontWeight: 800, lineHeight: 1.1, letterSpacing: '0.04em', fontVariantNumeric: 'tabular-nums' }} data-testid="print-ticket-label">
              {d.label}
            </div>
          </div>
          <hr className={classes.rule} />
          <table className={classes.rows}>
            <tbody>
              <tr><td>{t('waitingRoom.print.doctor')}</td><td>{d.doctor.name}</td></tr>
              {d.room && <tr><td>{t('waitingRoom.print.room')}</td><td>{d.room}</td></tr>}
              <tr><td>{t('waitingRoom.print.issued')}</td><td>{formatDateTime(d.issuedAt, lang)}</td></tr>
            </tbody>
          </table>
          {waiting && d.position !== null && (
            <>
              <hr className={classes.rule} />
              <div className={classes.center} data-testid="print-ticket-place">
                <div style={{ fontWeight: 700 }}>{d.position === 0 ? t('waitingRoom.print.next') : t('waitingRoom.print.ahead', { count: d.position })}</div>
                {d.estimatedWaitMinutes !== null && d.estimatedWaitMinutes > 0 && <div>{t('waitingRoom.print.estimate', { count: d.estimatedWaitMinutes })}</div>}
              </div>
            </>
          )}
          <hr className={classes.rule} />
          <div className={classes.center}>{t('waitingRoom.print.watch')}</div>
          <div className={classes.center} style={{ fontSize: '0.85em', marginTop: '1mm' }}>{t('printouts.printedBy', { name: user?.userName ?? '', when: formatDateTime(new Date().toISOString(), lang) })}</div>
        </>
      )}
    </ReceiptFrame>
  );
}
