// The simulators of BankID and the population register (and the demo's mail server) in a process
// of their own, for the benches: servers apart from the backend, as the real services are, reached
// through the same switches (BANKID_API_URL, POPULATION_REGISTER_URL, SMTP_URL).
import { spawn } from 'node:child_process';
import { assertPortFree } from './backend-process.mjs';

/**
 * Starts backend/scripts/bankid-simulator.ts on `port` (its mail server on `mailPort` unless that
 * is undefined); BankID approves every order after `delayMs`. Refuses taken ports, fails if the
 * process ends before it listens; `stop()` is safe to call twice.
 */
export async function startSimulators({ port, mailPort, delayMs = 3000 }) {
  await assertPortFree(port, 'the BankID and population register simulators');
  if (mailPort) await assertPortFree(mailPort, 'the mail server');
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/scripts/bankid-simulator.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DEMO_BANKID_AUTO_APPROVE: 'true',
      DEMO_BANKID_DELAY_MS: String(delayMs),
      ...(mailPort ? { MAIL_PORT: String(mailPort) } : {}),
    },
    stdio: 'ignore',
    detached: true,
  });
  let exitCode;
  child.once('exit', (code, signal) => (exitCode = code ?? signal));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const apiUrl = `http://127.0.0.1:${port}/sim/bankid/rp/v6.0`;
  for (let i = 0; i < 100; i++) {
    if (exitCode !== undefined) throw new Error(`the simulators' process ended at start (${exitCode})`);
    // Any HTTP answer means it listens (an empty collect is refused with 400).
    if (
      await fetch(`${apiUrl}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    apiUrl,
    populationRegisterUrl: `http://127.0.0.1:${port}/sim/population-register`,
    smtpUrl: mailPort ? `smtp://127.0.0.1:${mailPort}` : undefined,
    /** The backend's settings that reach these servers. */
    env() {
      return {
        BANKID_API_URL: this.apiUrl,
        POPULATION_REGISTER_URL: this.populationRegisterUrl,
        ...(this.smtpUrl ? { SMTP_URL: this.smtpUrl } : {}),
      };
    },
    stop,
  };
}

/** The i-th bench visitor's personal number: valid (Luhn), born 1970–1999, distinct for i < 9 072 000. */
export function personalNumber(i) {
  const base = `19${70 + (i % 30)}${String(1 + (Math.floor(i / 30) % 12)).padStart(2, '0')}${String(1 + (Math.floor(i / 360) % 28)).padStart(2, '0')}${100 + (Math.floor(i / 10080) % 900)}`;
  const digits = base.slice(2);
  let sum = 0;
  for (let k = 0; k < digits.length; k++) {
    let d = Number(digits[k]) * (k % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** A Nordea personkonto: clearing 3300 and the holder's personal number (10 digits), as Nordea numbers them. */
export function nordeaPersonkonto(pn) {
  return { bank: 'NB', clearingNumber: '3300', accountNumber: pn.slice(2) };
}
