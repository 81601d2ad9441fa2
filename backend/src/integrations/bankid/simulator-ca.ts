import path from 'node:path';

/** Where the demo's BankID simulator keeps its root and bank CA (in DATA_DIR), so signatures stay verifiable across restarts. */
export function simulatorCaFile(dataDir: string): string {
  return path.join(dataDir, 'bankid-simulator-ca.json');
}
