import { createPublicKey, createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier, Attribute, AttributeTypeAndValue, AttributeValue, DirectoryString, Extension, Extensions, GeneralName, Name,
  RelativeDistinguishedName, SubjectAlternativeName, SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';

/*
 * The certificate signing request ZATCA's onboarding takes: a secp256k1 key, PKCS#10, the subject C=SA, OU (the
 * unit), O (the seller), CN, and in the subject alternative name the e-invoicing solution's fields (SN: solution,
 * version and the unit's serial; UID: the VAT number; title: the document types it issues, "1100" for standard and
 * simplified; the registered address; the business category), plus the certificate template ZATCA signs it under.
 */

export const OID = {
  ecdsaSha256: '1.2.840.10045.4.3.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  /** Microsoft's certificate template name, which ZATCA reads. */
  certificateTemplate: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
} as const;

/** The template of the certificate: the simulation environment issues test ones. */
export const templateName = (environment: 'simulation' | 'production') => (environment === 'production' ? 'ZATCA-Code-Signing' : 'PREZATCA-Code-Signing');

export interface CsrFields {
  environment: 'simulation' | 'production';
  commonName: string;
  organization: string;
  organizationalUnit: string;
  vatNumber: string;
  /** "1-<solution>|2-<version>|3-<unit serial>" */
  serialNumber: string;
  registeredAddress: string;
  businessCategory: string;
}

/** A new stamp key on secp256k1. */
export function generateStampKey(): { privateKey: KeyObject; privateKeyPem: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return { privateKey, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

const rdn = (type: string, value: string, printable = false) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue(printable ? { printableString: value } : { utf8String: value }) })]);

/** PEM text of DER bytes under a label. */
export function pem(label: string, der: Buffer): string {
  return `-----BEGIN ${label}-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

export function buildCsr(privateKey: KeyObject, f: CsrFields): string {
  const subject = new Name([
    rdn(OID.country, 'SA', true), rdn(OID.organizationalUnit, f.organizationalUnit), rdn(OID.organization, f.organization), rdn(OID.commonName, f.commonName),
  ]);
  const san = new SubjectAlternativeName([new GeneralName({
    directoryName: new Name([
      rdn(OID.surname, f.serialNumber), rdn(OID.uid, f.vatNumber), rdn(OID.title, '1100'), rdn(OID.registeredAddress, f.registeredAddress),
      rdn(OID.businessCategory, f.businessCategory),
    ]),
  })]);
  const extensions = new Extensions([
    new Extension({ extnID: OID.certificateTemplate, critical: false, extnValue: new OctetString(AsnConvert.serialize(new DirectoryString({ printableString: templateName(f.environment) }))) }),
    new Extension({ extnID: OID.subjectAltName, critical: false, extnValue: new OctetString(AsnConvert.serialize(san)) }),
  ]);
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
    attributes: new Attributes([new Attribute({ type: OID.extensionRequest, values: [AsnConvert.serialize(extensions)] })]),
  });
  const signature = createSign('sha256').update(Buffer.from(AsnConvert.serialize(info))).sign(privateKey);
  const csr = new CertificationRequest({
    certificationRequestInfo: info, signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaSha256 }), signature: new Uint8Array(signature).buffer,
  });
  return pem('CERTIFICATE REQUEST', Buffer.from(AsnConvert.serialize(csr)));
}

/** What a CSR says (for the fake authority and the tests): subject and SAN fields by OID, template, public key. */
export function readCsr(csrPem: string): { subject: Record<string, string>; san: Record<string, string>; template: string; spki: Buffer; signatureValid: boolean } {
  const der = Buffer.from(csrPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const csr = AsnConvert.parse(der, CertificationRequest);
  const fields = (name: Name) => Object.fromEntries(name.flatMap((r) => r.map((a) => [a.type, a.value.toString()])));
  const info = csr.certificationRequestInfo;
  let san: Record<string, string> = {};
  let template = '';
  for (const attr of info.attributes) {
    if (attr.type !== OID.extensionRequest) continue;
    for (const ext of AsnConvert.parse(attr.values[0]!, Extensions)) {
      if (ext.extnID === OID.subjectAltName) {
        const dir = AsnConvert.parse(ext.extnValue.buffer, SubjectAlternativeName)[0]?.directoryName;
        if (dir) san = fields(dir);
      }
      if (ext.extnID === OID.certificateTemplate) template = AsnConvert.parse(ext.extnValue.buffer, DirectoryString).toString();
    }
  }
  const spki = Buffer.from(AsnConvert.serialize(info.subjectPKInfo));
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const signatureValid = createVerify('sha256').update(Buffer.from(AsnConvert.serialize(info))).verify(key, Buffer.from(csr.signature));
  return { subject: fields(info.subject), san, template, spki, signatureValid };
}
