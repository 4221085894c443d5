/**
 * One POSIX shell word: single quotes keep every byte as is (UTF-8 included, newlines too), and a
 * single quote inside is closed, escaped and reopened ('\''). Always quoted, so output is uniform.
 */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}
