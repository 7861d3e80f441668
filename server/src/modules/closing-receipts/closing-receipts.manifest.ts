import { type Core, manifest } from '../manifest.ts';
import { createClosingReceipts } from './closing-receipts.service.ts';

/** The «зачет предоплаты» receipts a redemption owes, sent after it; the maintenance sweep sends again. */
export const closingReceiptsManifest = manifest({
  name: 'closing-receipts',
  make: ({ db, log, config, paymentProvider }: Pick<Core, 'db' | 'log' | 'config' | 'paymentProvider'>) => ({
    gives: {
      closingReceipts: createClosingReceipts({
        db,
        provider: paymentProvider,
        settings: config.receipts,
        log,
      }),
    },
  }),
});
