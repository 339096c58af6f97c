import type { PatientDetails, PatientLanguage, PatientTextChannel } from '@clinic/shared';

/** What the patient form holds while editing (inputs keep text, selects may be empty). */
export interface PatientFormValues {
  name: string;
  identity: string;
  phone: string;
  email: string;
  dateOfBirth: string | null;
  gender: string | null;
  nationality: string | null;
  marital_status: string | null;
  number_children: number | string;
  blood_type: string | null;
  height: number | string;
  weight: number | string;
  address: string;
  Smoking: 'yes' | 'no' | null;
  professiona_experi: string;
  evaluation: number | string;
  languages: string[];
  preferredLanguage: string | null;
  Current_Medications: string;
  Surgical_History: string | null;
  lifestyleFactors: string;
  allergies: string[];
  ChronicDiseases: Array<{ disease_name: string }>;
  familyMedicalHistory: string[];
  insurances: Array<{ insuranceType: string; expiryDate: string | null }>;
  emergencyContacts: Array<{ name: string; phone: string; relationToPatient: string }>;
  notes: string;
  isActive: boolean;
  preferredChannel: PatientTextChannel;
  whatsappConsent: boolean;
}

export function emptyPatientForm(): PatientFormValues {
  return {
    name: '',
    identity: '',
    phone: '',
    email: '',
    dateOfBirth: null,
    gender: null,
    nationality: null,
    // The spec's default.
    marital_status: 'Single',
    number_children: '',
    blood_type: null,
    height: '',
    weight: '',
    address: '',
    Smoking: null,
    professiona_experi: '',
    evaluation: '',
    languages: [],
    preferredLanguage: null,
    Current_Medications: '',
    Surgical_History: null,
    lifestyleFactors: '',
    allergies: [],
    ChronicDiseases: [],
    familyMedicalHistory: [],
    insurances: [],
    emergencyContacts: [],
    notes: '',
    isActive: true,
    preferredChannel: 'sms',
    whatsappConsent: false,
  };
}

/** The form filled with a patient's record, for editing. */
export function patientToForm(p: PatientDetails): PatientFormValues {
  return {
    name: p.name,
    identity: p.identity,
    phone: p.phone ?? '',
    email: p.email ?? '',
    dateOfBirth: p.dateOfBirth,
    gender: p.gender,
    nationality: p.nationality,
    marital_status: p.marital_status,
    number_children: p.number_children ?? '',
    blood_type: p.blood_type,
    height: p.height ?? '',
    weight: p.weight ?? '',
    address: p.address ?? '',
    Smoking: p.Smoking === null ? null : p.Smoking ? 'yes' : 'no',
    professiona_experi: p.professiona_experi ?? '',
    evaluation: p.evaluation ?? '',
    languages: p.languages as PatientLanguage[],
    preferredLanguage: p.preferredLanguage,
    Current_Medications: p.Current_Medications ?? '',
    Surgical_History: p.Surgical_History,
    lifestyleFactors: p.lifestyleFactors ?? '',
    allergies: p.allergies,
    ChronicDiseases: p.ChronicDiseases,
    familyMedicalHistory: p.familyMedicalHistory,
    insurances: p.insurances.map((i) => ({ insuranceType: i.insuranceType, expiryDate: i.expiryDate })),
    emergencyContacts: p.emergencyContacts,
    notes: '',
    isActive: p.isActive,
    preferredChannel: p.preferredChannel,
    whatsappConsent: p.whatsappConsent !== null,
  };
}
