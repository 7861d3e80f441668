import type { EarlyGets } from '@/early/early-types';

/**
 * The early script's response to a GET of `path` (web/src/early/early-requests.ts), when it sent
 * one signed with the same init data; taken once, so later asks go to the server.
 */
export function takeEarlyGet(path: string, initData: string | undefined): Promise<Response> | undefined {
  const early: EarlyGets | undefined = window.__earlyGets;
  if (!early || early.initData !== initData) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}
