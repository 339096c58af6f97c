import type { ComplexInput, ClinicInput, CompanyInput, DepartmentInput } from '@clinic/shared';

/** Complete, valid request bodies for the organisation endpoints; tests override what they check. */

export const riyadh = { x: 24.7136, y: 46.6753 };

export function companyBody(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return {
    name: 'Al Noor Medical Group',
    address: 'Olaya Street 12, Riyadh',
    yearOfEstablishment: '2009-09-01',
    goals: 'Care close to every home',
    overview: 'A network of medical complexes across the region',
    vision: 'Trusted care for every family',
    contactInfos: [{ type: 'email', value: 'info@alnoor.example' }, { type: 'phone', value: '+966 11 456 7890', subType: 'Reception' }],
    holidays: [{ name: 'National Day', date: '2025-09-23', reason: 'Public holiday' }],
    specializations: [{ name: 'Cardiology', description: 'Heart and vessels' }],
    bankAccount: [{ accountNumber: 'SA0380000000608010167519', bankName: 'Al Rajhi Bank', swiftCode: 'RJHISARI', accountName: 'Al Noor Medical Group' }],
    insuranceCompany: [{ companyName: 'Bupa Arabia', companyPhone: '8004400044', companyEmail: 'care@bupa.example' }],
    cashBoxes: [{ name: 'Main reception', pic: 'Layla Mansour' }],
    onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 1.5 }],
    commercialRecord: { recordNumber: '1010123456', grantDate: '2009-08-01', issueDate: '2009-08-01', expirationDate: '2030-08-01', taxNumber: '300123456700003' },
    locationGoogle: riyadh,
    Key_member: 'Dr. Omar Haddad',
    Founder: 'Sara Al-Harbi',
    Executives: 'Khalid Nasser (CFO)',
    ...overrides,
  };
}

export function complexBody(picId: string, overrides: Partial<ComplexInput> = {}): ComplexInput {
  return {
    name: 'Al Noor Olaya Complex',
    PIC: picId,
    phone: '+966 11 222 3333',
    email: 'olaya@alnoor.example',
    website: 'https://olaya.alnoor.example',
    country: 'Saudi Arabia',
    stateProvince: 'Riyadh Province',
    zipCode: '12214',
    address: 'Olaya Street 40, Riyadh',
    yearOfEstablishment: '2012-04-15',
    overview: 'Outpatient complex with day surgery',
    policies: 'Appointments first, walk-ins when capacity allows',
    vision: 'Specialist care without waiting',
    goals: 'Same-week specialist appointments',
    contactInfos: [{ type: 'phone', value: '+966 11 222 3334' }],
    workingDays: [{ day: 'Sunday', startTime: '08:00', endTime: '22:00' }],
    holidays: [{ name: 'Eid al-Fitr', date: '2025-03-30', reason: 'Public holiday' }],
    locationGoogl: riyadh,
    ...overrides,
  };
}

export function departmentBody(picId: string, overrides: Partial<DepartmentInput> = {}): DepartmentInput {
  return {
    name: 'Cardiology',
    PIC: picId,
    introduction: 'Diagnosis and treatment of heart conditions',
    yearOfEstablishment: '2014-01-10',
    address: 'Building B, floor 2',
    vision: 'Healthy hearts',
    details: 'Echo lab and stress testing',
    patientCapacity: 40,
    contactInfos: [{ type: 'phone', value: '+966 11 222 3335', subType: 'Nurse station' }],
    ...overrides,
  };
}

export function clinicBody(picId: string, overrides: Partial<ClinicInput> = {}): ClinicInput {
  return {
    name: 'Heart Clinic',
    PIC: picId,
    AverageDurationOfVisit: 20,
    overview: 'Consultations and follow-up of heart patients',
    yearOfEstablishment: '2015-05-01',
    address: 'Building B, room 204',
    vision: 'Every heart checked in time',
    goals: 'Follow-up within two weeks',
    WorkingHours: [
      { day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '21:00' }] },
      { day: 'Saturday', timeSlots: [{ startTime: '10:00', endTime: '14:00' }] },
    ],
    holidays: [{ name: 'National Day', date: '2025-09-23', reason: 'Public holiday' }],
    contactInfos: [{ type: 'phone', value: '+966 11 222 3336', subType: 'Reception' }],
    bankAccount: [{ accountName: 'Heart Clinic', accountNumber: 'SA4420000001234567891234', bankName: 'Riyad Bank', swiftCode: 'RIBLSARI' }],
    insuranceCompany: [{ companyName: 'Tawuniya', companyPhone: '8001249990', companyEmail: 'claims@tawuniya.example', coveragePercentage: 80, coveredServices: ['Consultation'] }],
    cashBoxes: [{ name: 'Front desk', pic: 'Noura Al-Qahtani', currency: 'SAR', totalBalance: 0 }],
    onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 1, type: 'credit_card', transactionType: 'deposit', supportedCurrencies: ['SAR'] }],
    locationGoogl: riyadh,
    ...overrides,
  };
}
