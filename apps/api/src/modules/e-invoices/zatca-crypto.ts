import { createHash, createPrivateKey, createPublicKey, createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { C14nCanonicalization } from 'xml-crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { UBL_NS } from './ubl.js';

/*
 * The security features ZATCA's documents carry: the invoice hash (SHA-256 of the canonical XML without its
 * extensions, signature and QR code), its ECDSA signature on secp256k1, and the XAdES block that carries the
 * signature, the stamp's certificate and its signed properties inside the document.
 */

/** The previous-invoice hash of a unit's first document: the base64 SHA-256 of "0", as ZATCA specifies. */
export const FIRST_PIH = createHash('sha256').update('0').digest('base64');

const CBC = UBL_NS.cbc;
const CAC = UBL_NS.cac;
const EXT = UBL_NS.ext;

/** The canonical bytes the hash covers: the document without UBLExtensions, cac:Signature and the QR reference. */
export function hashedContent(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) throw new Error('not an XML document');
  const drop: Node[] = [];
  for (const el of Array.from(root.getElementsByTagNameNS(EXT, 'UBLExtensions'))) drop.push(el as unknown as Node);
  for (const el of Array.from(root.getElementsByTagNameNS(CAC, 'Signature'))) {
    if (el.parentNode === root) drop.push(el as unknown as Node);
  }
  for (const el of Array.from(root.getElementsByTagNameNS(CAC, 'AdditionalDocumentReference'))) {
    const id = el.getElementsByTagNameNS(CBC, 'ID')[0];
    if (id?.textContent === 'QR') drop.push(el as unknown as Node);
  }
  for (const node of drop) node.parentNode?.removeChild(node);
  return new C14nCanonicalization().process(root as unknown as Node, {});
}

/** The base64 SHA-256 of the document's hashed content. */
export function invoiceHash(xml: string): string {
  return createHash('sha256').update(hashedContent(xml), 'utf8').digest('base64');
}

export interface StampKey {
  privateKey: KeyObject;
  /** DER SubjectPublicKeyInfo. */
  publicKeyDer: Buffer;
  /** The stamp's certificate (ZATCA's compliance or production CSID), when onboarded. */
  certificate: X509Certificate | null;
  certificateDer: Buffer | null;
  /** The certificate's signature bytes (QR tag 9 of simplified documents). */
  certificateSignature: Buffer | null;
}

/** Reads a PEM secp256k1 private key and, optionally, its certificate (PEM or base64 DER). */
export function stampKey(privateKeyPem: string, certificate: string | null): StampKey {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'secp256k1') {
    throw new Error('the stamp key must be an EC key on secp256k1');
  }
  const publicKeyDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  let cert: X509Certificate | null = null;
  let certificateDer: Buffer | null = null;
  let certificateSignature: Buffer | null = null;
  if (certificate) {
    const text = certificate.trim();
    certificateDer = text.startsWith('-----') ? Buffer.from(new X509Certificate(text).raw) : Buffer.from(text, 'base64');
    cert = new X509Certificate(certificateDer);
    certificateSignature = Buffer.from(AsnConvert.parse(certificateDer, Certificate).signatureValue);
  }
  return { privateKey, publicKeyDer, certificate: cert, certificateDer, certificateSignature };
}

/** The ECDSA (SHA-256) signature of the hash's bytes, DER, base64. */
export function signHash(hash: string, key: KeyObject): string {
  return createSign('sha256').update(Buffer.from(hash, 'base64')).sign(key).toString('base64');
}

export function verifyHashSignature(hash: string, signature: string, publicKeyDer: Buffer): boolean {
  const key = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
  return createVerify('sha256').update(Buffer.from(hash, 'base64')).verify(key, Buffer.from(signature, 'base64'));
}

/** ZATCA writes the certificate digest as base64 of the hex digest. */
const sha256HexBase64 = (data: Buffer) => Buffer.from(createHash('sha256').update(data).digest('hex')).toString('base64');

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';

/**
 * The UBLExtensions block of a signed document (XAdES-BES enveloped, as ZATCA's security features describe): the
 * signed properties (signing time, the certificate's digest, issuer and serial), SignedInfo with the invoice digest
 * (the invoice hash) and the properties' digest, the signature value and the certificate.
 */
export function signatureExtension(hash: string, signature: string, key: StampKey, signingTime: string): (root: XMLBuilder) => void {
  const cert = key.certificate;
  const certDigest = key.certificateDer ? sha256HexBase64(key.certificateDer) : '';
  const signedProperties = (parent: XMLBuilder) => {
    const sp = parent.ele(XADES, 'xades:SignedProperties').att('Id', 'xadesSignedProperties');
    const ssp = sp.ele('xades:SignedSignatureProperties');
    ssp.ele('xades:SigningTime').txt(signingTime);
    const c = ssp.ele('xades:SigningCertificate').ele('xades:Cert');
    c.ele('xades:CertDigest').ele(DS, 'ds:DigestMethod').att('Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256').up()
      .ele(DS, 'ds:DigestValue').txt(certDigest);
    const serial = c.ele('xades:IssuerSerial');
    serial.ele(DS, 'ds:X509IssuerName').txt(cert ? cert.issuer.split('\n').reverse().join(', ') : '');
    serial.ele(DS, 'ds:X509SerialNumber').txt(cert ? BigInt(`0x${cert.serialNumber}`).toString() : '');
    return sp;
  };
  // The properties' digest is over their own canonical text.
  const propsText = (() => {
    const holder = createHolder();
    signedProperties(holder);
    return holder.first().toString();
  })();
  const propsDigest = sha256HexBase64(Buffer.from(propsText));
  return (root) => {
    const content = root.ele(EXT, 'ext:UBLExtensions').ele('ext:UBLExtension')
      .ele('ext:ExtensionURI').txt('urn:oasis:names:specification:ubl:dsig:enveloped:xades').up()
      .ele('ext:ExtensionContent');
    const sig = content.ele('urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2', 'sig:UBLDocumentSignatures')
      .att('xmlns:sac', 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2')
      .att('xmlns:sbc', 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2')
      .ele('sac:SignatureInformation');
    sig.ele('cbc:ID').txt('urn:oasis:names:specification:ubl:signature:1');
    sig.ele('sbc:ReferencedSignatureID').txt('urn:oasis:names:specification:ubl:signature:Invoice');
    const ds = sig.ele(DS, 'ds:Signature').att('Id', 'signature');
    const info = ds.ele('ds:SignedInfo');
    info.ele('ds:CanonicalizationMethod').att('Algorithm', 'http://www.w3.org/2006/12/xml-c14n11');
    info.ele('ds:SignatureMethod').att('Algorithm', 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256');
    const ref = info.ele('ds:Reference').att('Id', 'invoiceSignedData').att('URI', '');
    const transforms = ref.ele('ds:Transforms');
    for (const xpath of ['not(//ancestor-or-self::ext:UBLExtensions)', 'not(//ancestor-or-self::cac:Signature)', "not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"]) {
      transforms.ele('ds:Transform').att('Algorithm', 'http://www.w3.org/TR/1999/REC-xpath-19991116').ele('ds:XPath').txt(xpath);
    }
    transforms.ele('ds:Transform').att('Algorithm', 'http://www.w3.org/2006/12/xml-c14n11');
    ref.ele('ds:DigestMethod').att('Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256').up().ele('ds:DigestValue').txt(hash);
    const propsRef = info.ele('ds:Reference').att('Type', 'http://www.w3.org/2000/09/xmldsig#SignatureProperties').att('URI', '#xadesSignedProperties');
    propsRef.ele('ds:DigestMethod').att('Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256').up().ele('ds:DigestValue').txt(propsDigest);
    ds.ele('ds:SignatureValue').txt(signature);
    if (key.certificateDer) ds.ele('ds:KeyInfo').ele('ds:X509Data').ele('ds:X509Certificate').txt(key.certificateDer.toString('base64'));
    const qp = ds.ele('ds:Object').ele(XADES, 'xades:QualifyingProperties').att('Target', 'signature');
    signedProperties(qp);
  };
}

/** A detached element to serialise the signed properties on their own (their digest is over that text). */
function createHolder(): XMLBuilder {
  return create({ version: '1.0' }).ele('holder');
}
