import { describe, expect, it } from 'vitest';
import { invitationEmail } from '../modules/invitations/invitations.email.js';
import { newDeviceEmail } from '../modules/sessions/new-device.js';
import { disabledEmail } from '../modules/webhooks/webhooks.email.js';

/* The e-mails people receive, pinned to the byte: subject, plain text and HTML, in English and in Arabic (right to left). */

const at = new Date('2026-06-01T15:30:00Z');

describe('the invitation e-mail', () => {
  const facts = { link: 'https://clinic.example/invite/abc?x=1&y=2', name: 'Sara <Ali>', company: 'Noor & Sons', inviter: 'Dr. "Omar"', expiresAt: at, timeZone: 'Asia/Riyadh' };
  it('in English', () => {
    expect(invitationEmail({ ...facts, language: 'en' })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Noor &#38; Sons: your invitation to the clinic system</title></head>
      <body dir="ltr" style="font-family:Arial,Tahoma,sans-serif;text-align:left;direction:ltr">
      <p>Hello Sara &#60;Ali&#62;,</p>
      <p>Dr. &#34;Omar&#34; has invited you to Noor &#38; Sons. Open the link below to choose your user name and password.</p>
      <p><a href="https://clinic.example/invite/abc?x=1&#38;y=2" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">Set up my account</a></p>
      <p style="color:#666">The link works once and until 1 June 2026 at 18:30.</p>
      <p style="color:#666">If you did not expect this invitation, you can ignore this e-mail.</p>
      </body></html>",
        "subject": "Noor & Sons: your invitation to the clinic system",
        "text": "Hello Sara <Ali>,

      Dr. "Omar" has invited you to Noor & Sons. Open the link below to choose your user name and password.

      Set up my account: https://clinic.example/invite/abc?x=1&y=2

      The link works once and until 1 June 2026 at 18:30.
      If you did not expect this invitation, you can ignore this e-mail.",
      }
    `);
  });
  it('in Arabic', () => {
    expect(invitationEmail({ ...facts, language: 'ar' })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Noor &#38; Sons: دعوتك إلى نظام العيادة</title></head>
      <body dir="rtl" style="font-family:Arial,Tahoma,sans-serif;text-align:right;direction:rtl">
      <p>مرحبًا Sara &#60;Ali&#62;،</p>
      <p>دعاك Dr. &#34;Omar&#34; إلى Noor &#38; Sons. افتح الرابط أدناه لتختار اسم المستخدم وكلمة المرور.</p>
      <p><a href="https://clinic.example/invite/abc?x=1&#38;y=2" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">إعداد حسابي</a></p>
      <p style="color:#666">يعمل الرابط مرة واحدة وحتى 1 يونيو 2026 في 18:30.</p>
      <p style="color:#666">إذا لم تكن تتوقع هذه الدعوة فيمكنك تجاهل هذه الرسالة.</p>
      </body></html>",
        "subject": "Noor & Sons: دعوتك إلى نظام العيادة",
        "text": "مرحبًا Sara <Ali>،

      دعاك Dr. "Omar" إلى Noor & Sons. افتح الرابط أدناه لتختار اسم المستخدم وكلمة المرور.

      إعداد حسابي: https://clinic.example/invite/abc?x=1&y=2

      يعمل الرابط مرة واحدة وحتى 1 يونيو 2026 في 18:30.
      إذا لم تكن تتوقع هذه الدعوة فيمكنك تجاهل هذه الرسالة.",
      }
    `);
  });
});

describe('the webhook turned-off e-mail', () => {
  const facts = { name: 'Huda & Co', url: 'https://hooks.example/in?a=1&b=<2>', link: 'https://clinic.example/settings/webhooks' };
  it('after failures in a row, in English', () => {
    expect(disabledEmail({ ...facts, language: 'en', because: { failures: 20 } })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A webhook endpoint was turned off</title></head>
      <body dir="ltr" style="font-family:Arial,Tahoma,sans-serif;text-align:left;direction:ltr">
      <p>Hello Huda &#38; Co,</p>
      <p>The webhook endpoint https://hooks.example/in?a=1&#38;b=&#60;2&#62; was turned off after 20 failed deliveries in a row.</p>
      <p>No more events are sent to it. Check the receiving system, look at the delivery log, then turn the endpoint on again.</p>
      <p><a href="https://clinic.example/settings/webhooks" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">Open webhooks</a></p>
      </body></html>",
        "subject": "A webhook endpoint was turned off",
        "text": "Hello Huda & Co,

      The webhook endpoint https://hooks.example/in?a=1&b=<2> was turned off after 20 failed deliveries in a row.
      No more events are sent to it. Check the receiving system, look at the delivery log, then turn the endpoint on again.

      Open webhooks: https://clinic.example/settings/webhooks",
      }
    `);
  });
  it('after a whole day, in Arabic', () => {
    expect(disabledEmail({ ...facts, language: 'ar', because: { hours: 24 } })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>أُوقفت نقطة استقبال خطاف</title></head>
      <body dir="rtl" style="font-family:Arial,Tahoma,sans-serif;text-align:right;direction:rtl">
      <p>مرحباً Huda &#38; Co،</p>
      <p>أُوقفت نقطة استقبال الخطاف https://hooks.example/in?a=1&#38;b=&#60;2&#62;: تفشل تسليماتها منذ 24 ساعة.</p>
      <p>لن تُرسل إليها أحداث بعد الآن. تحقق من النظام المستقبِل وراجع سجل التسليم، ثم شغّل نقطة الاستقبال من جديد.</p>
      <p><a href="https://clinic.example/settings/webhooks" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">فتح الخطافات</a></p>
      </body></html>",
        "subject": "أُوقفت نقطة استقبال خطاف",
        "text": "مرحباً Huda & Co،

      أُوقفت نقطة استقبال الخطاف https://hooks.example/in?a=1&b=<2>: تفشل تسليماتها منذ 24 ساعة.
      لن تُرسل إليها أحداث بعد الآن. تحقق من النظام المستقبِل وراجع سجل التسليم، ثم شغّل نقطة الاستقبال من جديد.

      فتح الخطافات: https://clinic.example/settings/webhooks",
      }
    `);
  });
});

describe('the new-device e-mail', () => {
  const facts = { name: 'Layla <Admin>', company: 'Noor & Sons', at, timeZone: 'Asia/Riyadh', link: 'https://clinic.example/security' };
  it('in English', () => {
    expect(newDeviceEmail({ ...facts, language: 'en', device: 'Firefox on <Linux>', ip: '203.0.113.7' })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>New sign-in to Noor &#38; Sons</title></head>
      <body dir="ltr" style="font-family:Arial,Tahoma,sans-serif;text-align:left;direction:ltr">
      <p>Hello Layla &#60;Admin&#62;,</p>
      <p>Your account was just signed in to from a device it has not used before.</p>
      <p>When: 1 June 2026 at 18:30</p>
      <p>Device: Firefox on &#60;Linux&#62;</p>
      <p>Address: 203.0.113.7</p>
      <p>If this was not you, change your password now and end your other sessions on the Security page.</p>
      <p><a href="https://clinic.example/security">Open the Security page</a></p>
      </body></html>",
        "subject": "New sign-in to Noor & Sons",
        "text": "Hello Layla <Admin>,

      Your account was just signed in to from a device it has not used before.

      When: 1 June 2026 at 18:30
      Device: Firefox on <Linux>
      Address: 203.0.113.7

      If this was not you, change your password now and end your other sessions on the Security page.
      Open the Security page: https://clinic.example/security",
      }
    `);
  });
  it('in Arabic, device and address unknown', () => {
    expect(newDeviceEmail({ ...facts, language: 'ar', device: null, ip: null })).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>تسجيل دخول جديد إلى Noor &#38; Sons</title></head>
      <body dir="rtl" style="font-family:Arial,Tahoma,sans-serif;text-align:right;direction:rtl">
      <p>مرحبًا Layla &#60;Admin&#62;،</p>
      <p>سُجّل الدخول إلى حسابك للتو من جهاز لم يُستخدم معه من قبل.</p>
      <p>الوقت: 1 يونيو 2026 في 18:30</p>
      <p>الجهاز: غير معروف</p>
      <p>العنوان: غير معروف</p>
      <p>إن لم تكن أنت، فغيّر كلمة المرور الآن وأنهِ جلساتك الأخرى من صفحة الأمان.</p>
      <p><a href="https://clinic.example/security">افتح صفحة الأمان</a></p>
      </body></html>",
        "subject": "تسجيل دخول جديد إلى Noor & Sons",
        "text": "مرحبًا Layla <Admin>،

      سُجّل الدخول إلى حسابك للتو من جهاز لم يُستخدم معه من قبل.

      الوقت: 1 يونيو 2026 في 18:30
      الجهاز: غير معروف
      العنوان: غير معروف

      إن لم تكن أنت، فغيّر كلمة المرور الآن وأنهِ جلساتك الأخرى من صفحة الأمان.
      افتح صفحة الأمان: https://clinic.example/security",
      }
    `);
  });
});
