import { DEFAULT_FIRST_DAY_OF_WEEK, DEFAULT_WEEKEND_DAYS, type ClinicInput, type ClinicRecord } from '@clinic/shared';

/** A blank clinic: open Sunday to Thursday 9 to 18 (the default clinic hours), 30-minute visits. */
export function emptyClinic(overrides: Partial<ClinicInput> = {}): ClinicInput {
  return {
    name: '',
    isActive: true,
    PIC: '',
    AverageDurationOfVisit: 30,
    timeZone: '',
    overview: '',
    yearOfEstablishment: '',
    address: '',
    vision: '',
    goals: '',
    contactInfos: [],
    holidays: [],
    WorkingHours: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day: day as 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '18:00' }] })),
    bankAccount: [],
    insuranceCompany: [],
    cashBoxes: [],
    onlinePaymentMethods: [],
    commercialRecord: null,
    locationGoogl: { x: '', y: '' },
    departmentId: '',
    clinicCollectionId: '',
    specializations: [],
    firstDayOfWeek: DEFAULT_FIRST_DAY_OF_WEEK,
    weekendDays: [...DEFAULT_WEEKEND_DAYS],
    ...overrides,
  };
}

/** A saved clinic as form values (edit). */
export function clinicFormValues(c: ClinicRecord): ClinicInput {
  return emptyClinic({
    name: c.name,
    isActive: c.isActive,
    PIC: c.PIC?._id ?? '',
    AverageDurationOfVisit: c.AverageDurationOfVisit,
    timeZone: c.timeZone,
    overview: c.overview ?? '',
    yearOfEstablishment: c.yearOfEstablishment ?? '',
    address: c.address ?? '',
    vision: c.vision ?? '',
    goals: c.goals ?? '',
    contactInfos: c.contactInfos as ClinicInput['contactInfos'],
    holidays: c.holidays,
    WorkingHours: c.WorkingHours,
    bankAccount: c.bankAccount as ClinicInput['bankAccount'],
    insuranceCompany: c.insuranceCompany as ClinicInput['insuranceCompany'],
    cashBoxes: c.cashBoxes as ClinicInput['cashBoxes'],
    onlinePaymentMethods: c.onlinePaymentMethods as ClinicInput['onlinePaymentMethods'],
    commercialRecord: c.commercialRecord,
    locationGoogl: c.locationGoogl ?? { x: '', y: '' },
    departmentId: c.departmentId ?? '',
    clinicCollectionId: c.clinicCollectionId ?? '',
    specializations: c.specializations.map((s) => s._id),
    firstDayOfWeek: c.firstDayOfWeek,
    weekendDays: c.weekendDays,
  });
}
