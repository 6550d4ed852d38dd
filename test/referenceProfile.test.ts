// Optional cross-check against the public Lime profile reference data (schemas and fixture pack).
// It runs when AGENTUI_REFERENCE_DIR names the data, or ../shared/reference sits beside the
// checkout; otherwise test/referenceNote.ts prints one line saying how to run it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { join } from 'node:path';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { validateEvent } from '../src/protocol/validateEvent';
import { validateSnapshot } from '../src/protocol/validateSnapshot';
import { invalidating, perturbed, validEvent } from './eventArbitraries';
import { profilePackTests } from './profilePack';
import { createReferenceValidators, fixtureNames, profileFiles, readFixture, readProfileFixture, REFERENCE_SKIPPED_NOTE, referenceDir } from './referenceData';
import { EVENT_MUTATIONS, SNAPSHOT_MUTATIONS } from './schemaMutations';

const dir = referenceDir();

// Collection runs a describe's body even when skipped, so without the data nothing is read at all.
if (dir) crossCheck(dir);
else describe.skip(REFERENCE_SKIPPED_NOTE, () => it.skip('the public Lime profile cross-check', () => {}));

function crossCheck(dir: string): void {
  describe('the public Lime profile reference data (optional cross-check)', () => {
    const pack = join(dir, 'lime-profile-fixtures');
    const schemas = createReferenceValidators(dir);
    const PORTABLE = new Set(['0.1', '0.1.0']);

    /** ajv's verdict for an event, against the public schema its schemaVersion claims (as validateEvent picks). */
    function publicVerdict(value: unknown): boolean {
      const version = typeof value === 'object' && value !== null ? (value as { schemaVersion?: unknown }).schemaVersion : undefined;
      const validate = typeof version === 'string' && PORTABLE.has(version) ? schemas.portableEvent : schemas.profileEvent;
      return validate(value) as boolean;
    }

    function expectAgreement(value: unknown, label: string): void {
      const ours = validateEvent(value).valid;
      if (ours !== publicVerdict(value)) expect.fail(`${label}: validateEvent says ${ours ? 'valid' : 'invalid'}, the public schema disagrees`);
    }

    describe('validateEvent agrees with the public profile schema', () => {
      it('on every fixture line and every reference file', () => {
        for (const name of fixtureNames()) {
          for (const record of parseJsonl(readFixture(name)).records) expectAgreement(record.value, `${name}.jsonl line ${record.line}`);
        }
        for (const { name, value } of [...profileFiles(pack), ...profileFiles()]) expectAgreement(value, name);
      });

      const samples = profileFiles(pack).filter(({ value }) => validateEvent(value).valid);
      for (const [label, mutate] of EVENT_MUTATIONS) {
        it(`on mutation: ${label}`, () => {
          for (const { name, value } of samples) expectAgreement(mutate(value as Record<string, unknown>), `${name} ${label}`);
        });
      }

      it('on 500 generated valid, 500 broken and 500 perturbed events', () => {
        for (const arbitrary of [validEvent, validEvent.chain(invalidating), validEvent.chain(perturbed)]) {
          fc.assert(fc.property(arbitrary, (event) => expectAgreement(event, JSON.stringify(event))), { numRuns: 500 });
        }
      });
    });

    describe('validateSnapshot agrees with the public profile snapshot schema', () => {
      const snapshot = readProfileFixture('thread-read-snapshot.json', pack) as Record<string, unknown>;
      for (const [label, mutate] of [['the reference snapshot', (s: Record<string, unknown>) => s] as const, ...SNAPSHOT_MUTATIONS]) {
        it(`on ${label}`, () => {
          const cleaned = JSON.parse(JSON.stringify(mutate(snapshot)));
          expect(validateSnapshot(cleaned).length === 0).toBe(schemas.profileSnapshot(cleaned));
        });
      }
    });

    describe('the public profile pack projects as SPEC section 9 says', () => {
      profilePackTests(pack);
    });
  });
}
