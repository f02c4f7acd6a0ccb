/** Credentials inside a connection string or URL (`scheme://user:password@host`) are never logged. */
function maskCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@');
}

/**
 * One log line's worth of an error: its name and message, then each cause's, joined by " <- " (a 503's cause is the
 * driver error that says why the database was unreachable). Names and messages only: never stacks, bodies or values.
 */
export function describeError(error: unknown, depth = 4): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && parts.length < depth) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      parts.push(typeof current === 'string' ? current : 'non-Error value');
      break;
    }
  }
  return maskCredentials(parts.join(' <- '));
}
