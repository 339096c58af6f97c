import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ZatcaClient, ZatcaRefused, ZatcaUnreachable } from './zatca-client.js';
import { buildCsr, generateStampKey, OID, readCsr } from './zatca-csr.js';

/** The CSR ZATCA's onboarding reads, and the adapter's answers to what an authority (or a network) can do. */

const fields = {
  commonName: 'Clinic-300234567800003', organization: 'مجمع الشفاء الطبي', organizationalUnit: 'الرياض', vatNumber: '300234567800003',
  serialNumber: '1-Clinic|2-1.0|3-7c0f6f0e-1b7d-4b40-9d55-5d3a3c0e3b11', registeredAddress: 'طريق الملك فهد, العليا, الرياض', businessCategory: 'Healthcare',
};

describe('the CSR', () => {
  it('carries ZATCA\'s subject, the solution\'s fields in the alternative name, and the template of its environment', () => {
    const key = generateStampKey();
    const csr = readCsr(buildCsr(key.privateKey, { ...fields, environment: 'simulation' }));
    expect(csr.signatureValid).toBe(true);
    expect(csr.subject).toEqual({ [OID.country]: 'SA', [OID.organizationalUnit]: 'الرياض', [OID.organization]: 'مجمع الشفاء الطبي', [OID.commonName]: fields.commonName });
    expect(csr.san).toEqual({
      [OID.surname]: fields.serialNumber, [OID.uid]: '300234567800003', [OID.title]: '1100', [OID.registeredAddress]: fields.registeredAddress, [OID.businessCategory]: 'Healthcare',
    });
    expect(csr.template).toBe('PREZATCA-Code-Signing');
    expect(readCsr(buildCsr(key.privateKey, { ...fields, environment: 'production' })).template).toBe('ZATCA-Code-Signing');
  });
});

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function answering(handler: (res: import('node:http').ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the ZATCA client', () => {
  it('gives the authority\'s own message when it refuses', async () => {
    const url = await answering((res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'Invalid-OTP', message: 'OTP expired' }] })));
    const error = await new ZatcaClient(url).complianceCsid('123456', 'csr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZatcaRefused);
    expect((error as ZatcaRefused).message).toBe('OTP expired');
  });

  it('calls a 5xx, a page that is not JSON from a proxy, an answer that never ends and an oversized one unreachable', async () => {
    let url = await answering((res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'));
    await expect(new ZatcaClient(url).complianceCsid('123456', 'csr')).rejects.toBeInstanceOf(ZatcaUnreachable);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    url = await answering((res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{'));
    await expect(new ZatcaClient(url, 300).complianceCsid('123456', 'csr')).rejects.toThrow('no answer in time');
    server!.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    url = await answering((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"x":"${'a'.repeat(3_000_000)}"}`));
    await expect(new ZatcaClient(url).complianceCsid('123456', 'csr')).rejects.toThrow('too large');
  });

  it('answers a refused report as a result with the authority\'s messages', async () => {
    const url = await answering((res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({
      reportingStatus: 'NOT_REPORTED', validationResults: { status: 'ERROR', errorMessages: [{ code: 'BR-KSA-37', message: 'Building number' }], warningMessages: [], infoMessages: [] },
    })));
    const result = await new ZatcaClient(url).submit({ token: 't', secret: 's' }, 'reporting', { invoiceHash: 'h', uuid: 'u', xml: '<Invoice/>' });
    expect(result).toMatchObject({ status: 'NOT_REPORTED', validation: 'ERROR', messages: [{ type: 'error', code: 'BR-KSA-37', message: 'Building number' }] });
  });

  const duplicate = { type: 'ERROR', code: 'Invoice-Errors', category: 'Duplicate-Invoice', message: 'Invoice was already Reported successfully earlier.', status: 'ERROR' };
  const report = (url: string, mode: 'reporting' | 'clearance' = 'reporting') => new ZatcaClient(url).submit({ token: 't', secret: 's' }, mode, { invoiceHash: 'h', uuid: 'u', xml: '<Invoice/>' });
  const answering409 = (answer: Record<string, unknown>) => answering((res) => res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));

  it('answers a report ZATCA\'s duplicate check answers 409 (in either of its forms) as reported earlier, its message only information', async () => {
    let url = await answering409({ reportingStatus: 'NOT_REPORTED', validationResults: { status: 'ERROR', errorMessages: [duplicate], warningMessages: [], infoMessages: [] } });
    expect(await report(url)).toMatchObject({
      status: 'REPORTED_SUCCESSFULLY_EARLIER', validation: 'PASS', duplicate: true, messages: [{ type: 'info', code: 'Invoice-Errors', message: duplicate.message }],
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    url = await answering409({ message: 'Invoice Hash Previously Submitted', reportingStatus: 'REPORTED_SUCCESSFULLY_EARLIER' });
    expect(await report(url)).toMatchObject({ status: 'REPORTED_SUCCESSFULLY_EARLIER', validation: 'PASS', duplicate: true, messages: [{ type: 'info', message: 'Invoice Hash Previously Submitted' }] });
  });

  it('keeps any other 409 a refusal: another category, the duplicate message beside another error, or a clearance', async () => {
    let url = await answering409({ validationResults: { status: 'ERROR', errorMessages: [{ ...duplicate, category: 'Invoice-Conflict', message: 'Conflict' }] } });
    await expect(report(url)).rejects.toMatchObject({ httpStatus: 409, message: 'Conflict' });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    url = await answering409({ validationResults: { status: 'ERROR', errorMessages: [duplicate, { code: 'BR-KSA-37', message: 'Building number' }] } });
    await expect(report(url)).rejects.toBeInstanceOf(ZatcaRefused);
    await expect(report(url, 'clearance')).rejects.toBeInstanceOf(ZatcaRefused);
  });
});
