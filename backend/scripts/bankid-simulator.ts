// The BankID simulator as a server of its own (e.g. for drills where the backend restarts), with
// the population register's beside it (bench:rush: both outside services live outside the backend):
//   PORT=8700 npx tsx backend/scripts/bankid-simulator.ts
// Point the backend at them with BANKID_API_URL=http://127.0.0.1:8700/sim/bankid/rp/v6.0 and
// POPULATION_REGISTER_URL=http://127.0.0.1:8700/sim/population-register: the same switches as to
// the real services. MAIL_PORT=8701 (and MAIL_DIR, default a scratch folder) adds the demo's mail
// server beside them (SMTP_URL=smtp://127.0.0.1:8701), so no outside service shares the backend's process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { startDevMailbox } from '../src/integrations/mail/dev-mailbox.js';
import { mounted } from '../src/integrations/mounted.js';
import { SIMULATOR_PREFIX } from '../src/integrations/index.js';
import { createBankIdSimulator } from '../src/integrations/bankid/simulator.js';
import { createPopulationRegisterSimulator } from '../src/integrations/population-register/simulator.js';

const port = Number(process.env.PORT ?? 8700);
const simulator = createBankIdSimulator({
  appPath: '/sim/bankid/app',
  autoCompleteMs: Number(process.env.DEMO_BANKID_DELAY_MS ?? 2000),
  autoApproveAll: process.env.DEMO_BANKID_AUTO_APPROVE === 'true',
});
new Koa()
  .use(mounted(SIMULATOR_PREFIX.bankId, simulator.router).routes())
  .use(mounted(SIMULATOR_PREFIX.populationRegister, createPopulationRegisterSimulator().router).routes())
  .listen(port, '127.0.0.1', () =>
    console.log(
      `BankID simulator on http://127.0.0.1:${port}${SIMULATOR_PREFIX.bankId}, population register on http://127.0.0.1:${port}${SIMULATOR_PREFIX.populationRegister}`,
    ),
  );

if (process.env.MAIL_PORT) {
  const mailbox = await startDevMailbox({
    dataDir: process.env.MAIL_DIR ?? mkdtempSync(path.join(tmpdir(), 'simulated-mail-')),
    port: Number(process.env.MAIL_PORT),
  });
  console.log(`mail server on ${mailbox.smtpUrl}`);
}
