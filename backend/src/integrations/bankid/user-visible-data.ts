/**
 * What the user reads in the BankID app before signing, in simpleMarkdownV1 (BankID's
 * "formatted text": `#`/`##` headings, `*strong*`, `+ ` list items, blank lines between blocks).
 * The signed text is the evidence of the mandate, so it names everything that is agreed:
 * the organisation, the amount per month, the account and that it is an autogiro mandate.
 */

export interface SignedAccount {
  clearingNumber: string;
  accountNumber: string;
  bankName: string;
}

export interface SignTextInput {
  lang: 'sv' | 'en';
  orgName: string;
  /** kr per month after signing (for a raise: the previous amount plus the raise). */
  monthlyAmount: number;
  /** kr per month added; required for a raise. */
  raise?: number;
  /** Required for a new mandate; a raise without one keeps the account of the existing mandate. */
  account?: SignedAccount;
  signType: 'new' | 'raise';
}

/** The simpleMarkdownV1 text to pass as userVisibleData (userVisibleDataFormat 'simpleMarkdownV1'). */
export function signText(input: SignTextInput): string {
  assertKronor(input.monthlyAmount);
  const words = WORDS[input.lang];
  const org = literal(input.orgName);
  const amount = kronor(input.lang, input.monthlyAmount);
  const blocks: string[] = [];
  if (input.signType === 'new') {
    // A mandate nobody can tie to an account is worthless as evidence: refuse rather than sign it.
    if (!input.account) throw new RangeError('A new autogiro mandate must name its account');
    blocks.push(`# ${words.newHeading}`, words.newAgreement(org, amount), accountBlock(input.lang, input.account));
  } else {
    if (input.raise === undefined) throw new RangeError('A raise must state how much is added');
    assertKronor(input.raise);
    blocks.push(
      `# ${words.raiseHeading}`,
      words.raiseAgreement(org, kronor(input.lang, input.raise), amount),
      input.account ? accountBlock(input.lang, input.account) : words.sameAccount,
    );
  }
  return [...blocks, words.mandate(org)].join('\n\n');
}

function accountBlock(lang: 'sv' | 'en', account: SignedAccount): string {
  const words = WORDS[lang];
  return [
    `## ${words.accountHeading}`,
    `+ ${words.bank}: ${literal(account.bankName)}`,
    `+ ${words.clearingNumber}: ${literal(account.clearingNumber)}`,
    `+ ${words.accountNumber}: ${literal(account.accountNumber)}`,
  ].join('\n');
}

const WORDS = {
  sv: {
    newHeading: 'Autogiromedgivande',
    raiseHeading: 'Höjd månadsgåva via Autogiro',
    newAgreement: (org: string, amount: string) => `Jag blir månadsgivare hos *${org}* och ger *${amount} per månad* via Autogiro.`,
    raiseAgreement: (org: string, raise: string, amount: string) =>
      `Jag höjer min månadsgåva till *${org}* med *${raise}* till *${amount} per månad* via Autogiro.`,
    sameAccount: 'Beloppet dras från det konto som mitt nuvarande autogiromedgivande gäller.',
    accountHeading: 'Konto',
    bank: 'Bank',
    clearingNumber: 'Clearingnummer',
    accountNumber: 'Kontonummer',
    mandate: (org: string) =>
      `Medgivande till betalning via Autogiro: jag medger att uttag får göras från kontot på begäran av ${org} för betalning till ${org} via Autogiro. Medgivandet gäller tills vidare och kan återkallas när som helst.`,
  },
  en: {
    newHeading: 'Autogiro direct debit mandate',
    raiseHeading: 'Raised monthly gift via Autogiro',
    newAgreement: (org: string, amount: string) => `I become a monthly donor to *${org}* and give *${amount} per month* via Autogiro direct debit.`,
    raiseAgreement: (org: string, raise: string, amount: string) =>
      `I raise my monthly gift to *${org}* by *${raise}* to *${amount} per month* via Autogiro direct debit.`,
    sameAccount: 'The amount is debited from the account of my current Autogiro mandate.',
    accountHeading: 'Account',
    bank: 'Bank',
    clearingNumber: 'Clearing number',
    accountNumber: 'Account number',
    mandate: (org: string) =>
      `Autogiro mandate: I consent to withdrawals from the account at the request of ${org} for payments to ${org} via Autogiro. The mandate is valid until further notice and can be revoked at any time.`,
  },
} as const;

function kronor(lang: 'sv' | 'en', amount: number): string {
  return lang === 'sv' ? `${amount.toLocaleString('sv-SE')} kr` : `SEK ${amount.toLocaleString('en-GB')}`;
}

function assertKronor(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('A signed amount must be a positive whole number of kronor');
}

/** Text from outside stays on its line and cannot start formatting: line breaks flattened, `*` and `\` escaped. */
function literal(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\*]/g, (c) => `\\${c}`);
}
