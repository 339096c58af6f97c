import { Divider, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { allergiesLine } from '@clinic/shared';
import { useAllergies } from '@/features/allergies';
import { PrintFrame, printClasses, printedAt } from '@/features/printouts';
import { SensitiveRefusal } from '@/components/sensitive-refusal';
import { formatDate, formatDateTime } from '@/lib/dates';
import { isError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { useOrder } from '../api/orders-api';

/** The patient's allergies as the banner says them (never blank): the active substances, none known, or not recorded. */
function AllergiesRow({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const allergies = useAllergies(patientId);
  const a = allergies.data;
  const text = allergies.isError ? t('labOrders.print.allergiesFailed') : !a ? t('common.loading') : allergiesLine(a, i18n.language);
  return (
    <tr>
      <th style={{ width: '30%' }}>{t('labOrders.print.allergies')}</th>
      <td style={a?.state === 'allergies' ? { color: 'var(--mantine-color-red-8)', fontWeight: 700 } : undefined} data-testid="print-order-allergies">{text}</td>
    </tr>
  );
}

/** The requisition for the lab or imaging: `/print/order/:id` (A4): clinic, patient, doctor, the full order number, items. */
export default function PrintOrderPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ar = lang.startsWith('ar');
  const { id } = useParams();
  const { user } = useSession();
  const order = useOrder(id ?? '');
  const o = order.data;
  const rows: Array<[string, string]> = o ? [
    [t('labOrders.print.number'), o.number],
    [t('labOrders.print.date'), formatDate(o.ordered.at, lang)],
    [t('labOrders.print.clinic'), o.clinic.name],
    [t('labOrders.print.patient'), `${o.patient.name}${o.patient.publicId ? ` (${o.patient.publicId})` : ''}`],
    [t('labOrders.print.doctor'), o.doctor.name],
    [t('labOrders.print.kind'), t(`orders.kind.${o.kind}`)],
    [t('labOrders.print.priority'), t(`orders.priority.${o.priority}`)],
    [t('labOrders.print.status'), t(`orders.status.${o.status}`)],
  ] : [];
  return (
    <PrintFrame testId="print-order">
      {order.isPending ? <Loader size="sm" /> : isError(order.error, 'SENSITIVE_NOTE') ? <SensitiveRefusal error={order.error} /> : !o ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <Title order={3}>{t('labOrders.print.title')}</Title>
          <Text fw={700} fz={22} dir="ltr" data-testid="print-order-number">{o.number}</Text>
          <Divider my="sm" />
          <table className={printClasses.table}>
            <tbody>
              {rows.map(([label, value]) => <tr key={label}><th style={{ width: '30%' }}>{label}</th><td>{value}</td></tr>)}
              <AllergiesRow patientId={o.patient._id} />
            </tbody>
          </table>
          <Title order={4} mt="md">{t('labOrders.print.items')}</Title>
          <table className={printClasses.table}>
            <thead><tr><th>{t('labOrders.catalogue.code')}</th><th>{t('labOrders.catalogue.name')}</th><th>{t('labOrders.catalogue.analytes')}</th></tr></thead>
            <tbody>
              {o.items.map((i) => (
                <tr key={i._id}><td dir="ltr">{i.code}</td><td>{ar ? i.nameAr : i.nameEn}</td><td>{i.analytes.map((a) => (ar ? a.nameAr : a.nameEn)).join('، ')}</td></tr>
              ))}
            </tbody>
          </table>
          {o.notes && <><Title order={4} mt="md">{t('labOrders.print.notes')}</Title><Text>{o.notes}</Text></>}
          <Text mt="xl">{t('labOrders.print.signature', { name: o.doctor.name })}</Text>
          <Text className={printClasses.meta} mt="md">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })} · {formatDateTime(o.ordered.at, lang)}</Text>
        </>
      )}
    </PrintFrame>
  );
}
