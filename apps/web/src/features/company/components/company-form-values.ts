import type { CompanyInput, CompanyRecord } from '@clinic/shared';

export function emptyCompany(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return {
    name: '', address: '', yearOfEstablishment: '', goals: '', overview: '', vision: '',
    contactInfos: [{ type: 'email', value: '', subType: null }],
    holidays: [], specializations: [], bankAccount: [], insuranceCompany: [], cashBoxes: [], onlinePaymentMethods: [],
    commercialRecord: { recordNumber: '', grantDate: '', issueDate: '', expirationDate: '', taxNumber: '' },
    locationGoogle: { x: '', y: '' },
    Key_member: '', Founder: '', Executives: '', hijriMode: 'off',
    ...overrides,
  };
}

/** A saved company as form values; a profile begun in the registration wizard has only its name, the rest starts blank. */
export function companyFormValues(c: CompanyRecord): CompanyInput {
  return emptyCompany({
    name: c.name, address: c.address ?? '', yearOfEstablishment: c.yearOfEstablishment ?? '', goals: c.goals ?? '', overview: c.overview ?? '',
    vision: c.vision ?? '', contactInfos: c.contactInfos.length ? (c.contactInfos as CompanyInput['contactInfos']) : emptyCompany().contactInfos,
    holidays: c.holidays, specializations: c.specializations,
    bankAccount: c.bankAccount as CompanyInput['bankAccount'], insuranceCompany: c.insuranceCompany as CompanyInput['insuranceCompany'],
    cashBoxes: c.cashBoxes as CompanyInput['cashBoxes'], onlinePaymentMethods: c.onlinePaymentMethods as CompanyInput['onlinePaymentMethods'],
    commercialRecord: c.commercialRecord ?? emptyCompany().commercialRecord, locationGoogle: c.locationGoogle ?? { x: '', y: '' },
    Key_member: c.Key_member ?? '', Founder: c.Founder ?? '', Executives: c.Executives ?? '', hijriMode: c.hijriMode,
  });
}
