/**
 * The values of a closed set, in the order their labels are written: the labels are the one
 * list, so a value cannot be added without the words people read for it.
 */
export function kindsOf<K extends string>(labels: Record<K, string>): readonly K[] {
  return Object.keys(labels) as K[];
}
