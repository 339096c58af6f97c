import { useQuery } from '@tanstack/react-query';
import { Loader, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allergiesLine, doseText, frequencyText, routeText, routes, translate, type AllergyState, type Prescription } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { SensitiveRefusal } from '@/components/sensitive-refusal';
import { formatDay } from '@/lib/dates';
import { isError } from '@/lib/http';
import { printClasses } from '@/features/printouts';
import { usePrescription } from '../api/prescriptions';
import { QrCode } from '@/components/qr-code';
import classes from './print-prescription.module.css';

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dob: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  return day.slice(5) < dob.slice(5) ? years - 1 : years;
}

function Sheet({ p, allergies }: { p: Prescription; allergies: AllergyState | undefined }) {
  const lang = p.language;
  const l = (key: string, params?: Record<string, string | number>) => translate(`prescriptionPrint.${key}`, lang, params);
  const issuedDay = (p.issuedAt ?? p.createdAt).slice(0, 10);
  const verifyUrl = p.verificationToken ? `${window.location.origin}/verify/${p.verificationToken}` : null;
  const rows: Array<[string, string]> = [
    [l('doctor'), p.prescriber.name], [l('licence'), p.prescriber.licenseNumber ?? '—'], [l('clinic'), p.clinic.name],
    [l('patient'), p.patient.name], [l('age'), l('years', { count: ageOn(p.patient.dateOfBirth, issuedDay) })], [l('fileNumber'), p.patient.publicId ?? ''],
  ];
  return (
    <div className={`${printClasses.sheet} ${classes.a5}`} dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} data-size="A5" data-testid="print-prescription">
      <style>{'@page { size: A5; margin: 9mm; }'}</style>
      <div className={classes.head}>
        <div>
          <div className={classes.title}>{l('title')}</div>
          <div>{l('number')} {p.number}</div>
          <div>{l('issued')}: {formatDay(issuedDay, lang)}</div>
          {p.validUntil && <div>{l('validUntil')}: {formatDay(p.validUntil, lang)}</div>}
        </div>
        {verifyUrl && <QrCode text={verifyUrl} label={l('verify')} testId="rx-qr" />}
      </div>
      {p.status === 'cancelled' && <div className={classes.cancelled}>{l('cancelled')}</div>}
      <table className={printClasses.table}><tbody>
        {rows.map(([k, v]) => <tr key={k}><th style={{ width: '30%' }}>{k}</th><td>{v}</td></tr>)}
        <tr><th>{l('allergies')}</th><td className={allergies?.state === 'allergies' ? classes.allergic : undefined} data-testid="rx-print-allergies">{allergies ? allergiesLine(allergies, lang) : '…'}</td></tr>
      </tbody></table>
      <ol className={classes.items}>
        {p.items.map((i) => (
          <li key={i._id}>
            <strong>{`${i.name} ${i.strength}`.trim()}</strong>{lang === 'ar' && i.nameAr ? ` (${i.nameAr})` : ''} · {i.form}
            <div>{[doseText(i.dose, i.unit, lang), frequencyText(i.frequency, lang), routeText(i.route, lang), l('forDays', { count: i.durationDays })].join(' · ')}</div>
            <div>{l('quantity')}: {i.quantity}{i.instructions ? ` · ${i.instructions}` : ''}</div>
          </li>
        ))}
      </ol>
      <div className={classes.signature}>{l('signature')}</div>
      {verifyUrl && <div className={printClasses.meta}>{l('verify')}: {verifyUrl}</div>}
    </div>
  );
}

/** The A5 prescription, in the prescription's language (right to left in Arabic): `/print/prescription/:id`. */
export default function PrintPrescriptionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const p = usePrescription(id);
  const patientId = p.data?.patient._id;
  const allergies = useQuery({
    queryKey: ['prescriptions', 'print-allergies', patientId],
    enabled: Boolean(patientId),
    queryFn: ({ signal }) => call(routes.allergies.list, { params: { id: patientId ?? '' } }, { signal, silent: true }).then((r) => r.data),
  });
  if (p.isPending) return <Loader size="sm" />;
  // Written at another doctor's sensitive visit: the way to open that visit with a reason, not "not found".
  if (isError(p.error, 'SENSITIVE_NOTE')) return <SensitiveRefusal error={p.error} />;
  if (!p.data) return <Text>{t('printouts.notFound')}</Text>;
  return (
    <div className={classes.page}>
      <button type="button" className={classes.toolbar} onClick={() => window.print()} data-testid="print-button">{t('printouts.print')}</button>
      <Sheet p={p.data} allergies={allergies.data} />
    </div>
  );
}
