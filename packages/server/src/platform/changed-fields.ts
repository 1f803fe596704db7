/**
 * The top-level fields whose value differs between the views of an object before and after a
 * change: the audit entry stores these names, never the values (no second copy of patient data).
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  ignore: readonly (keyof T)[] = [],
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof T)[]);
  return [...keys]
    .filter((key) => !ignore.includes(key))
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map(String);
}
