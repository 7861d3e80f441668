/**
 * The contract's schema of My QR's list, loaded apart: the screen draws (its frame, the list saved
 * on the device) while zod is still on its way, instead of after it (issue 14).
 */
export const myCouponsSchema = () =>
  import('#contract/purchases').then((contract) => contract.ZMyCouponsResponse);
