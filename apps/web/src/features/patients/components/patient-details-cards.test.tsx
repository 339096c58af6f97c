import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { patientDetails } from '@/test/mocks';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { AllergiesCard, ChronicDiseasesCard, ContactPersonCard, MedicalHistoryCard, MedicalInfoCard } from './patient-details-cards';

const patient = patientDetails({ email: 'ziad.al.zahrani65@icloud.com', phone: '0541639305', height: 160, weight: 105 });
const record = { allergies: ['Penicillin (Severe)'], medications: 3, problems: ['Essential (primary) hypertension'] };

function show(ui: React.ReactElement) {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  return renderWithProviders(ui);
}

afterEach(() => setLanguage('en'));

describe('the registration cards beside the clinical record', () => {
  it('point to the clinical lists instead of saying "none" under an allergy banner', async () => {
    show(<><MedicalHistoryCard patient={patient} record={record} /><AllergiesCard patient={patient} record={record} /><ChronicDiseasesCard patient={patient} record={record} /></>);
    const allergies = await screen.findByTestId('allergies-card');
    expect(allergies).toHaveTextContent('In the allergy list above: Penicillin (Severe)');
    expect(allergies).not.toHaveTextContent('None listed');
    expect(screen.getByTestId('history-current-medications')).toHaveTextContent('3 active medications: see the medication list above');
    expect(screen.getByTestId('history-current-medications')).not.toHaveTextContent('Not recorded');
    expect(screen.getByTestId('chronic-card')).toHaveTextContent('In the problem list above: Essential (primary) hypertension');
    expect(screen.getByTestId('record-link-allergies-panel').tagName).toBe('BUTTON');
  });

  it('keep what the form said, marked as the form’s, next to the list', async () => {
    const declared = { ...patient, allergies: ['Dust'], Current_Medications: 'Metformin' };
    show(<><MedicalHistoryCard patient={declared} record={record} /><AllergiesCard patient={declared} record={record} /></>);
    expect(await screen.findByTestId('allergies-card')).toHaveTextContent('On the registration form:Dust');
    expect(screen.getByTestId('history-current-medications')).toHaveTextContent('At registration: Metformin');
  });

  it('say "none listed" when neither the form nor the record has any (or the reader may not see the record)', async () => {
    show(<><AllergiesCard patient={patient} /><ChronicDiseasesCard patient={patient} record={{ allergies: [], medications: 0, problems: [] }} /></>);
    expect(await screen.findByTestId('allergies-card')).toHaveTextContent('None listed on the registration form.');
    expect(screen.getByTestId('chronic-card')).toHaveTextContent('None listed on the registration form.');
  });

  it('label height and weight as measured at registration, in lower-case units', async () => {
    show(<MedicalInfoCard patient={patient} />);
    const card = await screen.findByTestId('medical-info');
    expect(card).toHaveTextContent('Height at registration1.60 m');
    expect(card).toHaveTextContent('Weight at registration105 kg');
  });

  it('keep an e-mail address whole on an Arabic page: isolated left to right, broken only after the "@" when it must', async () => {
    await setLanguage('ar');
    show(<ContactPersonCard patient={patient} />);
    const email = within(await screen.findByTestId('contact-email')).getByRole('link');
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(email).toHaveAttribute('href', 'mailto:ziad.al.zahrani65@icloud.com');
    expect(email.style.wordBreak).toBe('');
    expect(email.innerHTML).toBe('ziad.al.zahrani65@<wbr>icloud.com');
    const phone = within(screen.getByTestId('contact-phone')).getByRole('link');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone.style.whiteSpace).toBe('nowrap');
    expect(screen.getByTestId('contact-card')).toHaveTextContent('بيانات الاتصال');
  });
});
