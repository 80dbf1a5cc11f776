// Text as a literal inside a regular expression (search, value matching, inactive-content spans).

/** `s` with every regular-expression metacharacter escaped. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
