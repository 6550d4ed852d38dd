/**
 * The empty id list a new record starts with, shared and frozen. Lists are only ever grown by
 * copying (a published list is never changed), so one empty list serves every record: a session
 * of 100k records does not keep 100k empty arrays (~16 bytes each in V8).
 */
export const NO_IDS: readonly string[] = Object.freeze([]);
