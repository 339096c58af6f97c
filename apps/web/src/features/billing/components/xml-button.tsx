import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes, type InvoiceRecord } from '@clinic/shared';
import { callFile } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** Downloads the issued invoice's e-invoice: its UBL XML as recorded (hashed, and signed in phase 2) when issued. */
export function XmlButton({ invoice }: { invoice: InvoiceRecord }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await callFile(routes.eInvoices.invoiceXml, { params: { id: invoice._id } }), `${invoice.displayNumber ?? invoice._id}.xml`);
    } catch {
      // The http layer has shown the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileCode size={16} />} loading={busy} onClick={() => void download()} data-testid="invoice-xml">
      {t('finance.eInvoice.downloadXml')}
    </Button>
  );
}
