/**
 * The offer's door: what every other module may call. An offer's row and its one lock, its limits,
 * stock and «on sale», its holds, its line and its gate are this folder's own; a module outside it
 * imports this file only (biome.json holds that, server/scripts/lint-boundaries.test.ts tests it), so
 * a rule about units changes here and nowhere else (ADR 22, 23).
 */

// An offer as the back office shows it.
export { toAdminOffer } from './admin-offer.ts';
// The word of the gate a press of a limited offer passes, for the start to take its turn by.
export type { Admission } from './gate.ts';
// A unit for a payment: released when it gives up, decided for a late payment.
export { holdsUnit, release, unitForPaid } from './holds.ts';
// The line: served whenever a unit comes free; a person erased leaves every line.
export {
  dropLapsedHolds,
  forgetPerson,
  handOverFreed,
  serveLineOf,
  type WaitlistPolicy,
} from './line.ts';
// «On sale»: the one rule the catalogue, the reports and a payment start read.
export { offerOnSale } from './on-sale.ts';
// A payment start's part: the gate a press passes before the start's reads, the sale's start, the unit.
export { createStartUnits, saleOfStart } from './start-unit.ts';
// Stock as the catalogue, the back office and the reports show it, read without the lock.
export { leftOf, NO_STOCK, type OfferStock, stockOf, unitsShown } from './stock.ts';
export { placesOfPerson } from './waitlist.service.ts';
