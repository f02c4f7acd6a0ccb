// For the site settings tests (schema and routes): the default settings with one field changed.
import { SITE_SETTINGS_DEFAULTS } from './site-settings';

function withValueAt(node: unknown, keys: readonly string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(node)) {
    const copy = [...(node as unknown[])];
    copy[Number(key)] = withValueAt(copy[Number(key)], rest, value);
    return copy;
  }
  const record = node as Record<string, unknown>;
  return { ...record, [key]: withValueAt(record[key], rest, value) };
}

/**
 * The defaults with the field at a dotted path set to `value`; a number names a list entry
 * (`settingsWith('footer.serviceIds.0', 'nope')`).
 */
export function settingsWith(path: string, value: unknown): typeof SITE_SETTINGS_DEFAULTS {
  return withValueAt(SITE_SETTINGS_DEFAULTS, path.split('.'), value) as typeof SITE_SETTINGS_DEFAULTS;
}
