export * from './ids';
export * from './events';
export * from './vocabulary';
export * from './validationIssue';
export { validateEvent, type EventValidation } from './validateEvent';
export { validateSnapshot, validateThreadReadModel, type SnapshotIssue } from './validateSnapshot';
export { normalizeEvent } from './normalizeEvent';
export { decodeEvent, type DecodedEvent } from './decodeEvent';
export { parseJsonl, type JsonlIssue, type JsonlParseResult, type JsonlRecord } from './parseJsonl';
export { redactSecrets, createRedactor, isSecretKey, REDACTED, type Redactor, type RedactOptions } from './redactSecrets';
export { isRfc3339DateTime } from './dateTime';
export * from './snapshots';
/** The tolerant payload readers (SPEC section 2): which field names a runtime may use for each fact; each returns `undefined` when the fact is absent. */
export * as payloadReaders from './payloadReaders';
export { decodeReadModel, encodeReadModel, type ReadModel } from './readModel';
