/**
 * `value`, as the string a record already holds when they are equal: every parsed event carries
 * its own copy of ids such as `threadId`, and a record that kept the event's copy would keep one
 * per record (16,000 copies of one thread id in a 100k-event session).
 */
export function sameString<T extends string | undefined>(held: string | undefined, value: T): T {
  return held !== undefined && held === value ? (held as T) : value;
}
