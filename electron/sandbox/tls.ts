import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type TlsMaterial = { caCertPath: string; caCertPem: string; keyPem: string; certPem: string };

// Node's global Web Crypto (typed by the DOM lib, which is what @peculiar/x509 expects).
const webcrypto = globalThis.crypto;
const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The sandbox's own CA and a server certificate for 127.0.0.1 and localhost, generated on first
 * start and kept in `<data>/tls/` (spec 4: HTTPS only, so the sandbox and its CDN are HTTPS).
 * Clients trust the CA file; nobody turns verification off.
 */
export async function loadOrCreateTls(dataDir: string): Promise<TlsMaterial> {
  const dir = join(dataDir, 'tls');
  const caCertPath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'server-key.pem');
  const certPath = join(dir, 'server.pem');
  if (existsSync(caCertPath) && existsSync(keyPath) && existsSync(certPath)) {
    const certPem = readFileSync(certPath, 'utf8');
    if (new X509Certificate(certPem).validToDate.getTime() > Date.now() + DAY) {
      return { caCertPath, caCertPem: readFileSync(caCertPath, 'utf8'), keyPem: readFileSync(keyPath, 'utf8'), certPem };
    }
  }
  // Loaded only to make certificates (first start, or renewal): about 120 ms of every start otherwise.
  // @peculiar/x509 resolves its services through tsyringe, which needs a Reflect polyfill first.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  mkdirSync(dir, { recursive: true });
  x509.cryptoProvider.set(webcrypto);
  const now = Date.now();
  const { ca, caKeys } = await createCa(x509, now);
  const { server, serverKeys } = await createServerCertificate(x509, ca, caKeys, now);
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey);
  const keyPem = x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
  const caCertPem = ca.toString('pem');
  const certPem = server.toString('pem');
  // The CA's private key is not kept: nothing else is ever signed with it.
  writeFileSync(caCertPath, caCertPem);
  writeFileSync(keyPath, keyPem, { mode: 0o600 });
  writeFileSync(certPath, certPem);
  return { caCertPath, caCertPem, keyPem, certPem };
}

/** A random positive serial number, as hex. */
function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

type X509 = typeof import('@peculiar/x509');

async function createCa(x509: X509, now: number) {
  const caKeys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=Cast Studio Sandbox CA',
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 3650 * DAY),
    signingAlgorithm: ALG,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  return { ca, caKeys };
}

async function createServerCertificate(x509: X509, ca: InstanceType<X509['X509Certificate']>, caKeys: CryptoKeyPair, now: number) {
  const serverKeys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const server = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=127.0.0.1',
    issuer: ca.subject,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 825 * DAY),
    signingAlgorithm: ALG,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca, false),
      await x509.SubjectKeyIdentifierExtension.create(serverKeys.publicKey),
    ],
  });
  return { server, serverKeys };
}
