import { z } from 'zod';
import { invoiceCreateInput, type InvoiceCreate, type InvoiceLineKind, type InvoiceRecord } from '@clinic/shared';
import { toMajor, toMinor } from './money';

/** A line as the form holds it: amounts in major units, as typed. */
export interface InvoiceLineForm {
  kind: InvoiceLineKind;
  service: string | null;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  discount: number | string;
}

export interface InvoiceFormValues {
  patient: string | null;
  clinic: string | null;
  doctor: string | null;
  visitDate: string;
  applyInsurance: boolean;
  note: string;
  lines: InvoiceLineForm[];
}

export const emptyLine = (kind: InvoiceLineKind = 'service'): InvoiceLineForm => ({ kind, service: null, description: '', quantity: 1, unitPrice: '', discount: '' });

export const emptyInvoiceForm = (): InvoiceFormValues => ({
  patient: null, clinic: null, doctor: null, visitDate: '', applyInsurance: true, note: '', lines: [emptyLine()],
});

/** The form's values as the API takes them: amounts in minor units, a service line's empty price left to the service. */
export function toInvoiceInput(values: InvoiceFormValues, currency: string): Record<string, unknown> {
  return {
    patient: values.patient || undefined,
    clinic: values.clinic || undefined,
    doctor: values.doctor || null,
    visitDate: values.visitDate || undefined,
    applyInsurance: values.applyInsurance,
    note: values.note,
    lines: values.lines.map((l) => ({
      kind: l.kind,
      service: l.kind === 'service' ? l.service || null : null,
      description: l.description.trim() || undefined,
      quantity: l.quantity === '' ? undefined : Number(l.quantity),
      unitPrice: toMinor(l.unitPrice, currency) ?? undefined,
      discount: toMinor(l.discount, currency) ?? 0,
    })),
  };
}

/** The shared create schema over the form's values (so its messages land on the form's own fields). */
export const invoiceFormSchema = (currency: string) =>
  z.preprocess((values) => toInvoiceInput(values as InvoiceFormValues, currency), invoiceCreateInput) as z.ZodType<InvoiceCreate, InvoiceFormValues>;

/** A draft's values, to edit it. */
export function invoiceFormValues(invoice: InvoiceRecord): InvoiceFormValues {
  return {
    patient: invoice.patient._id,
    clinic: invoice.clinic._id,
    doctor: invoice.doctor?._id ?? null,
    visitDate: invoice.visitDate.slice(0, 10),
    applyInsurance: Boolean(invoice.insurer) || invoice.insurerShare > 0,
    note: invoice.note,
    lines: invoice.lines.map((l) => ({
      kind: l.kind,
      service: l.service,
      description: l.description,
      quantity: l.quantity,
      unitPrice: toMajor(l.unitPrice, invoice.currency),
      discount: l.discount ? toMajor(l.discount, invoice.currency) : '',
    })),
  };
}
