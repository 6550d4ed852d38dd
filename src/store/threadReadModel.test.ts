// The read model the fixture server answers on GET /thread is one `agentui validate` accepts: the
// validator rejects unknown statuses (issue 13 item 4), so it must know every status the kit's own
// encoder writes.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../protocol/events';
import { parseJsonl } from '../protocol/parseJsonl';
import { validateThreadReadModel } from '../protocol/validateSnapshot';
import { fixtureNames, readFixture } from '../../test/referenceData';
import { buildThreadReadModel } from './threadReadModel';

describe('the fixture server read model', () => {
  it.each(fixtureNames())('of %s, after the first event, every tenth and the last, passes validateThreadReadModel', (name) => {
    const events = parseJsonl(readFixture(name)).records.map((r) => r.value as JsonObject);
    const cuts = [...events.keys()].filter((i) => i % 10 === 1).concat(events.length); // from the first event: before it there is no thread
    for (const cut of cuts) expect({ cut, issues: validateThreadReadModel(buildThreadReadModel(events.slice(0, cut))) }).toEqual({ cut, issues: [] });
  });
});
