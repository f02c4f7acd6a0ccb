/**
 * A list and the function that appends to it: the whole of a recording test double (the recording mailer keeps the
 * messages it was handed, the recording publisher the changes it was told about).
 */
export function recorder<T>(): { readonly items: T[]; record: (item: T) => Promise<void> } {
  const items: T[] = [];
  const record = async (item: T) => {
    items.push(item);
  };
  return { items, record };
}
