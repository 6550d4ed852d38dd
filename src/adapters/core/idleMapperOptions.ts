import { createEnvelopeFactory, type EnvelopeFactory } from './envelopeFactory';
import { CorrelationMap } from './correlationMap';

/**
 * What an idle mapper is made with: each adapter keeps one idle mapper for the module's life
 * (`keepShape`), so the mapper's and its correlation map's shapes, and the code built on them,
 * outlive the streams that had them.
 */
export function idleMapperOptions(): { factory: EnvelopeFactory; ids: CorrelationMap; turnId: string } {
  return { factory: createEnvelopeFactory({ sessionId: 'idle' }), ids: new CorrelationMap(), turnId: 'idle' };
}
