import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import { type Core, manifest } from '../manifest.ts';
import { createClosingReceipts } from './closing-receipts.service.ts';

/** The «зачет предоплаты» receipts a redemption owes, sent after it; the sweep sends again. */
export const closingReceiptsManifest = manifest({
  name: 'closing-receipts',
  make: ({ db, log, config, paymentProvider }: Pick<Core, 'db' | 'log' | 'config' | 'paymentProvider'>) => {
    const closingReceipts = createClosingReceipts({
      db,
      provider: paymentProvider,
      settings: config.receipts,
      log,
    });
    return {
      gives: { closingReceipts },
      // The receipts of the last redemptions are sent before the database closes.
      settle: closingReceipts.settled,
      sweeps: {
        closingReceipts: {
          name: 'closing receipts',
          every: EVERY_FIVE_MINUTES,
          run: closingReceipts.sendDue,
        },
      },
    };
  },
});
