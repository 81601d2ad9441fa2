import type Router from '@koa/router';
import { mounted } from './mounted.js';
import type { Config } from '../config.js';
import { createBankAccountClient, type BankAccountClient } from './bank-accounts/client.js';
import type { BankgirotStandInClient } from './bankgirot/client.js';
import { createBankIdClient, type BankIdCallObserver, type BankIdClient } from './bankid/client.js';
import {
  bankIdCredentialFiles,
  hasBankIdCredentials,
  loadBankIdCredentials,
} from './bankid/rp-certificate.js';
import { simulatorCaFile } from './bankid/simulator-ca.js';
import { createStaffIdentity, type StaffIdentity } from './identity/index.js';
import type { DevMailbox } from './mail/dev-mailbox.js';
import {
  createPopulationRegisterClient,
  type PopulationRegisterClient,
} from './population-register/client.js';

export const SIMULATOR_PREFIX = {
  bankId: '/sim/bankid',
  bankAccounts: '/sim/bank-accounts',
  populationRegister: '/sim/population-register',
  bankgirot: '/sim/bankgirot',
} as const;

/** The clients of the services the visitor functions use (what domain.ts's VisitorIntegrations asks for). */
export interface VisitorServices {
  bankId: BankIdClient;
  /** Where the same-device flow opens BankID. */
  bankIdAppUrl: string;
  bankAccounts: BankAccountClient;
  populationRegister: PopulationRegisterClient;
  /** Demo mode only: Bankgirot's stand-in answers mandate files. */
  bankgirotStandIn?: BankgirotStandInClient;
}

export interface Integrations {
  visitor: VisitorServices;
  /** Staff sign-in: Entra ID (or another configured authority), or the dev IdP in demo mode. */
  staff: StaffIdentity;
  smtpUrl: string;
  /** Demo mode: the simulators and the dev mailbox, mounted on the app's own server. */
  demoRoutes: Router[];
  mailbox?: DevMailbox;
  close(): Promise<void>;
}

/**
 * The outside services. Production: the real ones from configuration. Demo mode: simulators
 * that speak the same protocols, served by this server at `selfUrl`, reached over real HTTP
 * through the same clients, and a local SMTP mailbox.
 */
export async function createIntegrations(
  config: Config,
  selfUrl: string,
  observers: { bankId?: BankIdCallObserver } = {},
  /** BankID's mutual TLS as the caller already proved it (compose.ts, before listening); else loaded here. */
  bankIdTls?: Awaited<ReturnType<typeof loadBankIdCredentials>>['tls'],
): Promise<Integrations> {
  // A certificate OpenSSL refuses stops the start, naming the fix.
  const tls =
    bankIdTls ??
    (hasBankIdCredentials(config)
      ? (await loadBankIdCredentials(bankIdCredentialFiles(config))).tls
      : undefined);
  const demo = config.demo;
  const visitor: VisitorServices = {
    bankId: createBankIdClient({
      baseUrl: config.bankId.apiUrl ?? `${selfUrl}${SIMULATOR_PREFIX.bankId}/rp/v6.0`,
      tls,
      observe: observers.bankId,
    }),
    bankIdAppUrl: config.bankId.appUrl,
    bankAccounts: createBankAccountClient({
      baseUrl: config.bankAccounts.apiUrl ?? `${selfUrl}${SIMULATOR_PREFIX.bankAccounts}`,
      apiKey: config.bankAccounts.apiKey,
      creditorPublicId: config.bankAccounts.creditorId,
    }),
    populationRegister: createPopulationRegisterClient({
      baseUrl: config.populationRegisterUrl ?? `${selfUrl}${SIMULATOR_PREFIX.populationRegister}`,
    }),
  };
  if (!demo) {
    const staff = await createStaffIdentity(config, selfUrl);
    return { visitor, staff, smtpUrl: config.mail.smtpUrl!, demoRoutes: [], close: () => staff.close() };
  }

  // Demo-only code (simulators, SMTP server, mail parser) is loaded only here: production never loads it.
  const [
    { createBankIdSimulator },
    { createBankAccountSimulator },
    { createPopulationRegisterSimulator },
    { startDevMailbox },
    { devMailRoutes },
    { createBankgirotStandIn },
    { createBankgirotStandInClient },
  ] = await Promise.all([
    import('./bankid/simulator.js'),
    import('./bank-accounts/simulator.js'),
    import('./population-register/simulator.js'),
    import('./mail/dev-mailbox.js'),
    import('./mail/dev-mailbox-routes.js'),
    import('./bankgirot/stand-in.js'),
    import('./bankgirot/client.js'),
  ]);
  visitor.bankgirotStandIn = createBankgirotStandInClient({
    baseUrl: `${selfUrl}${SIMULATOR_PREFIX.bankgirot}`,
  });
  // Its signing key is made in the background (≈1 s); its routes wait for it.
  const bankIdSim = createBankIdSimulator({
    appPath: `${SIMULATOR_PREFIX.bankId}/app`,
    mountPath: SIMULATOR_PREFIX.bankId,
    autoCompleteMs: config.bankId.demoDelayMs,
    autoApproveAll: config.bankId.demoAutoApprove,
    caFile: simulatorCaFile(config.dataDir),
  });
  const mailbox = config.mail.smtpUrl ? undefined : await startDevMailbox({ dataDir: config.dataDir });
  let staff: StaffIdentity;
  try {
    staff = await createStaffIdentity(config, selfUrl);
  } catch (err) {
    bankIdSim.stop();
    await mailbox?.close();
    throw err;
  }
  const demoRoutes = [
    mounted(SIMULATOR_PREFIX.bankId, bankIdSim.router),
    mounted(
      SIMULATOR_PREFIX.bankAccounts,
      createBankAccountSimulator({ waitMs: config.bankAccounts.demoDelayMs }).router,
    ),
    mounted(SIMULATOR_PREFIX.populationRegister, createPopulationRegisterSimulator().router),
    mounted(SIMULATOR_PREFIX.bankgirot, createBankgirotStandIn().router),
    ...(mailbox ? [devMailRoutes(mailbox)] : []),
  ];
  return {
    visitor,
    staff,
    smtpUrl: config.mail.smtpUrl ?? mailbox!.smtpUrl,
    demoRoutes,
    mailbox,
    async close() {
      bankIdSim.stop();
      await mailbox?.close();
      await staff.close();
    },
  };
}
