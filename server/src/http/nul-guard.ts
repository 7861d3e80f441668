import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/domain-error.ts';

/** The refusal of a value with U+0000 (its 400 is in `httpTexts`). */
export const NUL_CHARACTER = 'nul_character';

/** Where in the request a NUL character hides: the field's path, as our 400s name fields. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a value with one would fail in the database as a 500. Every
 * route refuses it here, before validation and before any handler writes a row.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (field === undefined) return;
    throw new DomainError(NUL_CHARACTER, { field: field || 'запрос' });
  });
}
