/**
 * What the user reads in the BankID app before signing, in simpleMarkdownV1 (BankID's
 * "formatted text": `#`/`##` headings, `*strong*`, `+ ` list items, blank lines between blocks).
 * The signed text is the evidence of the mandate (BankID puts it, base64, into the signature),
 * so it is the whole autogiro mandate: the payee and its bankgiro number, the payer and their
 * personal number, the account, the amount, the day it is drawn and the first draw, that it runs
 * until further notice, and how to change or cancel it. The terms follow Bankgirot's standard
 * "Medgivande till bankgirots Autogiro"; every number comes from the caller (constants, config).
 */

export interface SignedAccount {
  clearingNumber: string;
  accountNumber: string;
  bankName: string;
}

/** The payee's Autogiro terms: who draws, from which bankgiro, on which day; whom to contact. */
export interface AutogiroTerms {
  orgName: string;
  /** Digits only; shown as Bankgirot writes it (123-4567, 1234-5678). */
  bankgiro: string;
  /** Day of the month the donation is drawn (1–28). */
  drawDay: number;
  /** YYYY-MM-DD of the first draw with this amount. */
  firstDrawDate: string;
  supportEmail: string;
  supportPhone: string;
}

export interface SignTextInput {
  lang: 'sv' | 'en';
  terms: AutogiroTerms;
  /** The payer as BankID identified them. */
  payer: { name: string; personalNumber: string };
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
  const { lang, terms } = input;
  const words = WORDS[lang];
  const org = literal(terms.orgName);
  const amount = kronor(lang, input.monthlyAmount);
  const payer = `*${literal(input.payer.name)}* (${personalNumberText(input.payer.personalNumber)})`;
  const blocks: string[] = [];
  if (input.signType === 'new') {
    // A mandate nobody can tie to an account is worthless as evidence: refuse rather than sign it.
    if (!input.account) throw new RangeError('A new autogiro mandate must name its account');
    blocks.push(
      `# ${words.newHeading}`,
      words.newAgreement(payer, org, amount),
      payeeBlock(lang, terms),
      accountBlock(lang, input.account),
    );
  } else {
    if (input.raise === undefined) throw new RangeError('A raise must state how much is added');
    assertKronor(input.raise);
    blocks.push(
      `# ${words.raiseHeading}`,
      words.raiseAgreement(payer, org, kronor(lang, input.raise), amount),
      payeeBlock(lang, terms),
      input.account ? accountBlock(lang, input.account) : words.sameAccount,
    );
  }
  blocks.push(
    drawBlock(lang, terms, amount, input.signType),
    words.mandate(org),
    `## ${words.changeHeading}`,
    words.change(org, literal(terms.supportEmail), literal(terms.supportPhone)),
  );
  return blocks.join('\n\n');
}

function payeeBlock(lang: 'sv' | 'en', terms: AutogiroTerms): string {
  const words = WORDS[lang];
  return [
    `## ${words.payeeHeading}`,
    `+ ${literal(terms.orgName)}`,
    `+ ${words.bankgiro}: ${bankgiroText(terms.bankgiro)}`,
  ].join('\n');
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

function drawBlock(
  lang: 'sv' | 'en',
  terms: AutogiroTerms,
  amount: string,
  signType: 'new' | 'raise',
): string {
  const words = WORDS[lang];
  if (!Number.isInteger(terms.drawDay) || terms.drawDay < 1 || terms.drawDay > 28)
    throw new RangeError('The draw day is a day 1–28');
  return [
    `## ${words.drawHeading}`,
    `+ ${words.amount}: ${amount} ${words.perMonth}`,
    `+ ${words.drawDay(terms.drawDay)}`,
    `+ ${signType === 'new' ? words.firstDraw : words.firstRaisedDraw}: ${dateText(lang, terms.firstDrawDate)}`,
    `+ ${words.untilFurtherNotice}`,
  ].join('\n');
}

const WORDS = {
  sv: {
    newHeading: 'Autogiromedgivande',
    raiseHeading: 'Höjd månadsgåva via Autogiro',
    newAgreement: (payer: string, org: string, amount: string) =>
      `Jag, ${payer}, blir månadsgivare hos *${org}* och ger *${amount} per månad* via Autogiro.`,
    raiseAgreement: (payer: string, org: string, raise: string, amount: string) =>
      `Jag, ${payer}, höjer min månadsgåva till *${org}* med *${raise}* till *${amount} per månad* via Autogiro.`,
    sameAccount: 'Beloppet dras från det konto som mitt nuvarande autogiromedgivande gäller.',
    payeeHeading: 'Betalningsmottagare',
    bankgiro: 'Bankgironummer',
    accountHeading: 'Konto',
    bank: 'Bank',
    clearingNumber: 'Clearingnummer',
    accountNumber: 'Kontonummer',
    drawHeading: 'Dragning',
    amount: 'Belopp',
    perMonth: 'varje månad',
    drawDay: (day: number) =>
      `Dragningsdag: den ${day} i varje månad (nästa bankdag om den dagen inte är en bankdag)`,
    firstDraw: 'Första dragningen',
    firstRaisedDraw: 'Det nya beloppet dras första gången',
    untilFurtherNotice: 'Gäller tills vidare, tills jag säger upp det',
    mandate: (org: string) =>
      `Medgivande till betalning via Autogiro: jag medger att uttag får göras från kontot på begäran av ${org} för betalning till ${org} via Bankgirots Autogiro på dragningsdagen. Jag ska ha täckning på kontot senast bankdagen före dragningsdagen; saknas täckning får uttaget göras igen under de närmast följande bankdagarna. Medgivandet gäller tills vidare.`,
    changeHeading: 'Ändra eller säga upp',
    change: (org: string, email: string, phone: string) =>
      `Jag kan när som helst ändra beloppet eller säga upp medgivandet genom att kontakta ${org} (${email}, ${phone}) senast fem bankdagar före dragningsdagen, eller min bank senast bankdagen före dragningsdagen. En enskild dragning kan jag stoppa genom att kontakta ${org} senast två bankdagar före dragningsdagen eller min bank senast bankdagen före.`,
  },
  en: {
    newHeading: 'Autogiro direct debit mandate',
    raiseHeading: 'Raised monthly gift via Autogiro',
    newAgreement: (payer: string, org: string, amount: string) =>
      `I, ${payer}, become a monthly donor to *${org}* and give *${amount} per month* via Autogiro direct debit.`,
    raiseAgreement: (payer: string, org: string, raise: string, amount: string) =>
      `I, ${payer}, raise my monthly gift to *${org}* by *${raise}* to *${amount} per month* via Autogiro direct debit.`,
    sameAccount: 'The amount is debited from the account of my current Autogiro mandate.',
    payeeHeading: 'Payee',
    bankgiro: 'Bankgiro number',
    accountHeading: 'Account',
    bank: 'Bank',
    clearingNumber: 'Clearing number',
    accountNumber: 'Account number',
    drawHeading: 'Debits',
    amount: 'Amount',
    perMonth: 'every month',
    drawDay: (day: number) =>
      `Debit day: day ${day} of every month (the next banking day if that day is not a banking day)`,
    firstDraw: 'First debit',
    firstRaisedDraw: 'The new amount is first debited',
    untilFurtherNotice: 'Valid until further notice, until I cancel it',
    mandate: (org: string) =>
      `Autogiro mandate: I consent to withdrawals from the account at the request of ${org} for payments to ${org} via Bankgirot's Autogiro on the debit day. I must have sufficient funds in the account no later than the banking day before the debit day; if funds are missing, the withdrawal may be tried again on the following banking days. The mandate is valid until further notice.`,
    changeHeading: 'Change or cancel',
    change: (org: string, email: string, phone: string) =>
      `I can change the amount or cancel the mandate at any time by contacting ${org} (${email}, ${phone}) no later than five banking days before the debit day, or my bank no later than the banking day before the debit day. I can stop a single debit by contacting ${org} no later than two banking days before the debit day or my bank no later than the banking day before.`,
  },
} as const;

function kronor(lang: 'sv' | 'en', amount: number): string {
  return lang === 'sv' ? `${amount.toLocaleString('sv-SE')} kr` : `SEK ${amount.toLocaleString('en-GB')}`;
}

const MONTHS = {
  sv: [
    'januari',
    'februari',
    'mars',
    'april',
    'maj',
    'juni',
    'juli',
    'augusti',
    'september',
    'oktober',
    'november',
    'december',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
} as const;

/** 28 februari 2027 / 28 February 2027 */
export function dateText(lang: 'sv' | 'en', isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) throw new RangeError('a date is YYYY-MM-DD');
  return `${d} ${MONTHS[lang][m - 1]} ${y}`;
}

/** Bankgirot's way: the last four digits apart (123-4567, 1234-5678). */
export function bankgiroText(digits: string): string {
  const bg = digits.replace(/^0+/, '');
  return `${bg.slice(0, -4)}-${bg.slice(-4)}`;
}

function personalNumberText(pn: string): string {
  return /^\d{12}$/.test(pn) ? `${pn.slice(0, 8)}-${pn.slice(8)}` : literal(pn);
}

function assertKronor(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError('A signed amount must be a positive whole number of kronor');
}

/** Text from outside stays on its line and cannot start formatting: line breaks flattened, `*` and `\` escaped. */
function literal(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\*]/g, (c) => `\\${c}`);
}
