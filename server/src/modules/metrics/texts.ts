import type { Refusals } from '../../http/errors.ts';

export const metricsRefusals = {
  metrics_token_invalid: {
    status: 401,
    message: 'Метрики отдаются только с токеном METRICS_TOKEN в заголовке Authorization: Bearer.',
  },
} satisfies Refusals;
export type MetricsRefusal = keyof typeof metricsRefusals;
