// The BankID simulator as a server of its own (e.g. for drills where the backend restarts):
//   PORT=8700 npx tsx backend/scripts/bankid-simulator.ts
// Point the backend at it with BANKID_API_URL=http://127.0.0.1:8700/sim/bankid/rp/v6.0 —
// the same switch as to the real BankID.
import Koa from 'koa';
import { mounted } from '../src/http/mounted.js';
import { createBankIdSimulator } from '../src/integrations/bankid/simulator.js';

const port = Number(process.env.PORT ?? 8700);
const simulator = createBankIdSimulator({
  appPath: '/sim/bankid/app',
  autoCompleteMs: Number(process.env.DEMO_BANKID_DELAY_MS ?? 2000),
  autoApproveAll: process.env.DEMO_BANKID_AUTO_APPROVE === 'true',
});
new Koa()
  .use(mounted('/sim/bankid', simulator.router).routes()).listen(port, '127.0.0.1', () => console.log(`BankID simulator on http://127.0.0.1:${port}/sim/bankid`));
