/**
 * The `error` codes any call may answer (`{ error, message }`, ZErrorResponse); each module's own
 * codes are in its contract file (GiftErrorCode, PurchaseErrorCode …). Compare with these, never
 * with a string literal.
 */
export const ErrorCode = {
  badRequest: 'bad_request',
  forbidden: 'forbidden',
  notFound: 'not_found',
  tooManyRequests: 'too_many_requests',
  csrfInvalid: 'csrf_invalid',
  initDataMissing: 'init_data_missing',
  initDataExpired: 'init_data_expired',
  initDataInvalid: 'init_data_invalid',
  webhookSecretInvalid: 'webhook_secret_invalid',
  internal: 'internal',
  databaseUnavailable: 'database_unavailable',
  serverBusy: 'server_busy',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
