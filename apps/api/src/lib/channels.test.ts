import { describe, expect, it } from 'vitest';
import { smtpOptions } from './channels.js';

describe('the SMTP server', () => {
  it('must take STARTTLS unless it is on this machine, reached over TLS from the start, or explicitly trusted without it', () => {
    expect(smtpOptions('smtp://user:pw@mail.example.com:587')).toMatchObject({ host: 'mail.example.com', port: 587, secure: false, requireTLS: true, ignoreTLS: false });
    expect(smtpOptions('smtp://mail.example.com')).toMatchObject({ requireTLS: true });
    expect(smtpOptions('smtps://user:pw@mail.example.com')).toMatchObject({ port: 465, secure: true, requireTLS: false });
    for (const local of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtp://[::1]:25']) expect(smtpOptions(local), local).toMatchObject({ requireTLS: false });
    expect(smtpOptions('smtp://relay.internal:25?ignoreTLS=true')).toMatchObject({ requireTLS: false, ignoreTLS: true });
    expect(smtpOptions('smtp://us%40r:p%3Ass@mail.example.com')).toMatchObject({ auth: { user: 'us@r', pass: 'p:ss' } });
  });
});
