import { loadConfig } from '../config.js';
import { isId } from '../lib/validation.js';
import { verifyChains, type UnitReport } from '../modules/e-invoices/verify-chain.js';
import { isMain, openForMaintenance } from './maintenance.js';

const USAGE = 'Usage: npm run invoices:verify -- <company id>';

const SIGNATURES: Record<UnitReport['signatures'], string> = {
  checked: '',
  no_stamp: '',
  key_unreadable: ' Signatures were not checked: the stamp key was sealed under another server secret (onboard with ZATCA again).',
};

function line(r: UnitReport): string {
  const unit = r.clinic ?? r.clinicId;
  if (!r.firstBreak) return `${unit}: ${r.documents} document(s), the chain is intact.${SIGNATURES[r.signatures]}`;
  const b = r.firstBreak;
  return `${unit}: BROKEN after ${r.documents} good document(s): ${b.reason}${b.icv !== null ? ` at counter value ${b.icv}` : ''} (${b.detail}).${SIGNATURES[r.signatures]}`;
}

/**
 * npm run invoices:verify -- <company id>: walks each unit's chain of issued documents (ICV and PIH, the XML's hash,
 * the live figures and the signatures) and prints, per unit, that it is intact or its first break. Exits 0 when every
 * chain is intact, 1 on a break or a failure, 2 on a wrong command line. With the embedded database, stop the server
 * first (it holds the data folder).
 */
export async function runInvoicesVerify(args: string[], env: NodeJS.ProcessEnv = process.env, print: (text: string) => void = console.log): Promise<number> {
  const [id, ...rest] = args;
  if (!id || !isId(id) || rest.length) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const { database, close } = await openForMaintenance(config, 'invoices:verify', { needExisting: true });
    try {
      const reports = await verifyChains(database.db, config.jwtSecret, id);
      if (!reports.length) print('No e-invoices recorded for this organisation.');
      for (const r of reports) print(line(r));
      return reports.some((r) => r.firstBreak) ? 1 : 0;
    } finally {
      await close();
    }
  } catch (err) {
    console.error(`The check failed: ${(err as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await runInvoicesVerify(process.argv.slice(2));
