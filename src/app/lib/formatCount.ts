/**
 * An integer with thousands separators, as `n.toLocaleString("en")` writes it, without Intl: the
 * first Intl call of a page loads its number-format data (milliseconds), which the first view (the
 * wire log's "0 frames") need not wait for.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en");
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
