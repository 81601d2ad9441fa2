// `npm run check-bankid`: proves the BankID configuration before the server needs it. Loads the
// RP certificate and BankID's root exactly as the server does, then makes one harmless call
// (a collect of an unknown order) and prints "BankID reachable, certificate accepted" or the
// exact error (TLS, certificate, HTTP). Reads only the BANKID_* variables, so it can be run
// before the rest of production is configured. Exit 0: OK; 1: the call failed; 2: the files.
import { createBankIdClient } from '../src/integrations/bankid/client.js';
import { checkBankIdConnection } from '../src/integrations/bankid/connection-check.js';
import { BankIdCredentialError, loadBankIdCredentials } from '../src/integrations/bankid/rp-certificate.js';

const env = process.env;
const apiUrl = env.BANKID_API_URL;
if (!apiUrl) {
  console.error(
    'BANKID_API_URL is not set (e.g. https://appapi2.test.bankid.com/rp/v6.0): nothing to check.',
  );
  process.exit(2);
}
let tls;
try {
  const loaded = await loadBankIdCredentials({
    pfxPath: env.BANKID_PFX_PATH,
    certPath: env.BANKID_CERT_PATH,
    keyPath: env.BANKID_KEY_PATH,
    passphrase: env.BANKID_PFX_PASSPHRASE,
    caPath: env.BANKID_CA_PATH,
  });
  tls = loaded.tls;
  const { format, subject, validTo, caSubjects } = loaded.summary;
  console.log(
    `RP certificate (${format}) loaded: ${subject ?? '(subject not readable)'}, valid to ${validTo ?? '?'}`,
  );
  console.log(
    caSubjects.length
      ? `Trusting BankID's root: ${caSubjects.join('; ')}`
      : 'BANKID_CA_PATH not set: BankID servers will not be trusted (unable to verify the first certificate).',
  );
} catch (err) {
  console.error(
    err instanceof BankIdCredentialError
      ? err.message
      : `Could not load the BankID files: ${(err as Error).message}`,
  );
  process.exit(2);
}
const client = createBankIdClient({ baseUrl: apiUrl, tls, timeoutMs: 10_000 });
const result = await checkBankIdConnection(client);
await client.close();
(result.ok ? console.log : console.error)(result.message);
process.exitCode = result.ok ? 0 : 1;
