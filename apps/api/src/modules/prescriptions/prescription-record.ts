import type { Prescription } from '@clinic/shared';
import type { DetailRow, ItemRow } from './prescriptions.repository.js';

/**
 * A prescription as the API answers it. The verification key only once it has been issued (it is printed then).
 * `restricted` (a list's row of another doctor's sensitive encounter): without items and verification key.
 */
export function toPrescription(r: DetailRow & { restricted?: boolean }, items: ItemRow[]): Prescription {
  const p = r.p;
  return {
    _id: p.id,
    number: p.number,
    patient: { _id: p.patientId, name: r.patientName, publicId: r.patientPublicId, dateOfBirth: r.patientDob },
    prescriber: { _id: p.prescriberId, name: r.prescriberName, licenseNumber: r.licenseNumber ?? null },
    clinic: { _id: p.clinicId, name: r.clinicName },
    encounter: p.encounterId,
    language: p.language as Prescription['language'],
    status: p.status as Prescription['status'],
    validDays: p.validDays,
    issuedAt: p.issuedAt?.toISOString() ?? null,
    validUntil: p.validUntil,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
    cancelReason: p.cancelReason,
    verificationToken: p.issuedAt && !r.restricted ? p.verificationToken : null,
    items: items.filter((i) => i.prescriptionId === p.id && !r.restricted).map((i) => ({
      _id: i.id, medication: i.medicationId, name: i.name, genericName: i.genericName, nameAr: i.nameAr, strength: i.strength, form: i.form,
      dose: Number(i.dose), unit: i.unit as Prescription['items'][number]['unit'], route: i.route as Prescription['items'][number]['route'],
      frequency: i.frequency as Prescription['items'][number]['frequency'], durationDays: i.durationDays, quantity: i.quantity, instructions: i.instructions,
    })),
    acknowledgements: p.acknowledgements.map((a) => ({ key: a.key, kind: a.kind, item: a.item, text: a.text, reason: a.reason })),
    createdAt: p.createdAt.toISOString(),
    version: p.version,
    ...(r.restricted ? { restricted: true } : {}),
  };
}

/** What the audit log keeps of a prescription's content. */
export const auditable = (p: Prescription) => ({
  number: p.number, patient: p.patient._id, clinic: p.clinic._id, encounter: p.encounter, language: p.language, status: p.status, validDays: p.validDays,
  items: p.items.map((i) => ({ medication: i.medication, name: i.name, dose: i.dose, unit: i.unit, route: i.route, frequency: i.frequency, durationDays: i.durationDays, quantity: i.quantity })),
});
