/**
 * The link that opens the BankID app on this device, per BankID's guidance: phones and tablets
 * use the universal link the server answers (`https://app.bankid.com/?autostarttoken=…`, with the
 * way back on iOS); a computer's BankID app is opened by its own scheme,
 * `bankid:///?autostarttoken=…&redirect=null` (the universal link would open a web page there).
 * Any other link (the demo's BankID simulator) is used as it is.
 */
const UNIVERSAL_LINK = 'https://app.bankid.com/';

export function bankIdAppLink(url: string, onComputer: boolean): string {
  if (!onComputer || !url.startsWith(UNIVERSAL_LINK)) return url;
  const token = new URL(url).searchParams.get('autostarttoken');
  if (!token) return url;
  return `bankid:///?autostarttoken=${encodeURIComponent(token)}&redirect=null`;
}
