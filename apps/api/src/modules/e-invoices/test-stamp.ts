import { createPublicKey, createSign, generateKeyPairSync } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, Certificate, Name, RelativeDistinguishedName, SubjectPublicKeyInfo,
  TBSCertificate, Validity, Version,
} from '@peculiar/asn1-x509';

/*
 * A stamp for tests and the demo: a secp256k1 key and a certificate for it, signed by a throwaway authority key the
 * way ZATCA's certificate authority signs a CSID (ecdsa-with-SHA256), built with the X.509 structures rather than an
 * external tool. Not a real ZATCA certificate: onboarding obtains that one.
 */

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';

const nameOf = (cn: string) => new Name([new RelativeDistinguishedName([new AttributeTypeAndValue({ type: COMMON_NAME, value: new AttributeValue({ utf8String: cn }) })])]);

export function testStamp(commonName = 'EGS-Clinic-1'): { privateKeyPem: string; certificatePem: string; certificateDer: Buffer } {
  const stamp = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const authority = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const spki = createPublicKey(stamp.privateKey).export({ type: 'spki', format: 'der' });
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array([0x01, 0x5a, 0x7c, 0x33]).buffer,
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    issuer: nameOf('Clinic Test Authority'),
    validity: new Validity({ notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 365 * 86_400_000) }),
    subject: nameOf(commonName),
    subjectPublicKeyInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
  });
  const signature = createSign('sha256').update(Buffer.from(AsnConvert.serialize(tbs))).sign(authority.privateKey);
  const cert = new Certificate({ tbsCertificate: tbs, signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }), signatureValue: new Uint8Array(signature).buffer });
  const certificateDer = Buffer.from(AsnConvert.serialize(cert));
  const b64 = certificateDer.toString('base64').replace(/(.{64})/g, '$1\n');
  return {
    privateKeyPem: stamp.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`,
    certificateDer,
  };
}
