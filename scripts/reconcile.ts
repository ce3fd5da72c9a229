/**
 * `npm run reconcile`: proves that every wallet's journal entries sum to its balance, that each
 * wallet's entries chain (balance_after follows from the one before) and that every transfer's two
 * entries cancel out. Prints the report (`--json` for the raw reply) and exits 1 on any
 * difference. Uses the server's settings (DATABASE_URL, or the PGlite files under DATA_DIR; stop
 * the server first on PGlite, which allows one process; on a live site call GET
 * /ops/ledger/reconcile instead).
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { createLedgerService } from '../src/server/areas/wallet/ledger.service.ts';
import { formatMoney } from '../src/contract/money.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
try {
  await database.migrateAndRun(async () => undefined);
  const report = await createLedgerService({ db: database.db }).reconcile();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const money = (minor: string) => formatMoney(BigInt(minor));
    console.log(`wallets: ${report.wallets}, journal entries: ${report.entries}`);
    console.log(`total of balances: ${money(report.totalBalance)}`);
    console.log(`total of entries:  ${money(report.totalEntries)}`);
    console.log(`transfers that do not cancel out: ${report.unbalancedTransfers}`);
    for (const d of report.differences) {
      console.log(
        `DIFFERENCE wallet ${d.walletId} (member ${d.memberId}, ${d.walletKind}): balance ` +
          `${money(d.balance)}, entries ${money(d.entriesSum)}, broken chain links ${d.brokenEntries}`,
      );
    }
  }
  const clean = report.differences.length === 0 && report.unbalancedTransfers === 0;
  if (!process.argv.includes('--json'))
    console.log(clean ? 'ledger is clean' : 'LEDGER HAS DIFFERENCES');
  process.exitCode = clean ? 0 : 1;
} finally {
  await database.close();
}
