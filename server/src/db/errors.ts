/** PostgreSQL's unique_violation, whether the driver or drizzle's wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
