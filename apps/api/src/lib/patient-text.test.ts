import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmsGateway, startWhatsAppCloud, whatsAppConfigFor, type SmsGateway, type WhatsAppCloud } from '../test/messaging-sinks.js';
import { canTextPatients, sendPatientText, type PatientText } from './patient-text.js';
import { sendWhatsAppTemplate } from './whatsapp.js';

let cloud: WhatsAppCloud;
let sms: SmsGateway;
const off = { apiUrl: 'https://graph.facebook.com/v21.0', phoneNumberId: undefined, token: undefined, templates: { code: 'c', reminder: 'r', queue: 'q' }, languages: { en: 'en', ar: 'ar' } };
const smsOn = () => ({ preset: 'generic' as const, url: sms.url, auth: 'Bearer gateway-key', body: undefined, from: 'CLINIC' });
const smsOff = { preset: 'generic' as const, url: undefined, auth: undefined, body: undefined, from: undefined };
const both = () => ({ sms: smsOn(), whatsapp: whatsAppConfigFor(cloud) });

const code: PatientText = {
  to: '+966501234567', preferred: 'whatsapp', whatsappConsent: true, language: 'ar',
  text: 'رمز التحقق 123456', template: { name: 'clinic_code', params: ['123456'] },
};

beforeAll(async () => {
  cloud = await startWhatsAppCloud();
  sms = await startSmsGateway();
});
afterAll(async () => {
  await cloud.close();
  await sms.close();
});
beforeEach(() => {
  cloud.requests.length = 0;
  cloud.problems.length = 0;
  cloud.refuse = null;
  sms.requests.length = 0;
  sms.status = 200;
});

describe('the WhatsApp Cloud API adapter', () => {
  it('posts the template message in the shape Meta documents and reads the message id', async () => {
    const answer = await sendWhatsAppTemplate({ whatsapp: whatsAppConfigFor(cloud) }, { to: '+966 50 123 4567', name: 'clinic_reminder', languageCode: 'ar', params: ['Huda', '14:00'] });
    expect(answer).toBe('wamid.TEST1');
    expect(cloud.problems).toEqual([]);
    expect(cloud.requests[0]).toMatchObject({
      path: `/v21.0/${cloud.phoneNumberId}/messages`,
      headers: { authorization: 'Bearer EAAG-test-token' },
      body: {
        messaging_product: 'whatsapp', to: '966501234567', type: 'template',
        template: { name: 'clinic_reminder', language: { code: 'ar' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Huda' }, { type: 'text', text: '14:00' }] }] },
      },
    });
  });

  it('throws with Meta\'s error message when refused', async () => {
    cloud.refuse = { code: 131026, message: 'Message undeliverable', details: 'the number is not on WhatsApp' };
    await expect(sendWhatsAppTemplate({ whatsapp: whatsAppConfigFor(cloud) }, { to: '+966501234567', name: 'clinic_code', languageCode: 'en', params: ['1'] }))
      .rejects.toThrow('WhatsApp 400: Message undeliverable: the number is not on WhatsApp');
  });

  it('is off without a phone number id and token', async () => {
    await expect(sendWhatsAppTemplate({ whatsapp: off }, { to: '+966501234567', name: 'x', languageCode: 'en', params: [] })).rejects.toThrow('not configured');
    expect(canTextPatients({ sms: smsOff, whatsapp: off })).toBe(false);
    expect(canTextPatients({ sms: smsOff, whatsapp: whatsAppConfigFor(cloud) })).toBe(true);
  });
});

describe('a text to a patient', () => {
  it('goes by WhatsApp, in the patient\'s language, when they prefer it and agreed', async () => {
    expect(await sendPatientText(both(), code)).toEqual({ channel: 'whatsapp', detail: expect.stringMatching(/^whatsapp wamid\.TEST\d+$/), messageId: expect.stringMatching(/^wamid\.TEST\d+$/) });
    expect(cloud.problems).toEqual([]);
    expect(cloud.requests[0]!.body).toMatchObject({ template: { name: 'clinic_code', language: { code: 'ar' } } });
    expect(sms.requests).toHaveLength(0);
  });

  it('never goes by WhatsApp without consent, nor when the patient prefers SMS', async () => {
    expect((await sendPatientText(both(), { ...code, whatsappConsent: false })).channel).toBe('sms');
    expect((await sendPatientText(both(), { ...code, preferred: 'sms' })).channel).toBe('sms');
    expect(cloud.requests).toHaveLength(0);
    expect(JSON.parse(sms.requests[0]!.body)).toMatchObject({ to: '+966501234567', text: 'رمز التحقق 123456' });
    // Without consent and without SMS, nothing may reach the patient: refused before any request.
    await expect(sendPatientText({ sms: smsOff, whatsapp: whatsAppConfigFor(cloud) }, { ...code, whatsappConsent: false })).rejects.toThrow('no text channel');
    expect(cloud.requests).toHaveLength(0);
  });

  it('falls back to SMS when WhatsApp refuses, keeping both answers', async () => {
    cloud.refuse = { code: 131026, message: 'Message undeliverable', details: 'not on WhatsApp' };
    const sent = await sendPatientText(both(), code);
    expect(sent.channel).toBe('sms');
    expect(sent.detail).toContain('WhatsApp 400: Message undeliverable');
    expect(sent.detail).toContain('sms 200');
    expect(sms.requests).toHaveLength(1);
  });

  it('throws with both answers when SMS fails too, and with WhatsApp\'s alone when SMS is off', async () => {
    cloud.refuse = { code: 131026, message: 'Message undeliverable', details: 'not on WhatsApp' };
    sms.status = 400;
    await expect(sendPatientText(both(), code)).rejects.toThrow(/WhatsApp 400: Message undeliverable.*; sms gateway 400/);
    await expect(sendPatientText({ sms: smsOff, whatsapp: whatsAppConfigFor(cloud) }, code)).rejects.toThrow(/^WhatsApp 400/);
  });

  it('goes by SMS when WhatsApp is not configured', async () => {
    expect((await sendPatientText({ sms: smsOn(), whatsapp: off }, code)).channel).toBe('sms');
  });
});
