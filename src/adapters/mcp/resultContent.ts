import type { JsonObject } from '../../protocol/events';
import { artifactKindOf } from '../core/artifactKind';

/** The parts of an MCP content block the adapter reads (SDK 1.x `ContentBlock`, read field by field). */
export interface McpContentBlock {
  type: string;
  text?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  title?: string;
  size?: number;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** A resource a tool result named: a `resource_link`, or an embedded `resource` with its contents. */
export interface McpResourceFacts {
  /** 1-based position among the result's resources: names the artifact (`<toolCallId>:resource:<n>`). */
  index: number;
  uri: string;
  title?: string;
  mimeType?: string;
  sizeBytes?: number;
  /** An embedded text resource's contents (kept behind a ref, never inlined whole). */
  text?: string;
  /** An embedded binary resource: its bytes stay with the server's copy. */
  binary?: boolean;
}

/** What one `tools/call` result says, in the kit's terms. */
export interface McpResultFacts {
  /** The text a reader sees: text blocks in order, one line naming each media block (never its bytes). */
  text: string;
  resources: McpResourceFacts[];
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Reads a `CallToolResult` (or the pre-2024-11 `{ toolResult }` form): text blocks joined, images
 * and audio named by MIME type (their base64 never enters an event), structured content as JSON
 * when the result has no text, and every resource link or embedded resource as a resource fact.
 */
export function readToolResult(result: { content?: unknown; structuredContent?: unknown; toolResult?: unknown }): McpResultFacts {
  const lines: string[] = [];
  const resources: McpResourceFacts[] = [];
  const blocks = Array.isArray(result.content) ? (result.content as McpContentBlock[]) : [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        lines.push(block.text ?? '');
        break;
      case 'image':
      case 'audio':
        lines.push(`[${block.type}${block.mimeType !== undefined ? ` ${block.mimeType}` : ''}]`);
        break;
      case 'resource_link':
        if (str(block.uri) === undefined) break;
        resources.push({
          index: resources.length + 1,
          uri: block.uri!,
          ...(str(block.title ?? block.name) !== undefined && { title: block.title ?? block.name }),
          ...(str(block.mimeType) !== undefined && { mimeType: block.mimeType }),
          ...(typeof block.size === 'number' && { sizeBytes: block.size }),
        });
        break;
      case 'resource': {
        const inner = block.resource;
        if (inner === undefined || str(inner.uri) === undefined) break;
        resources.push({
          index: resources.length + 1,
          uri: inner.uri!,
          ...(str(inner.mimeType) !== undefined && { mimeType: inner.mimeType }),
          ...(typeof inner.text === 'string' ? { text: inner.text } : { binary: true }),
        });
        break;
      }
      default:
        lines.push(`[${String(block.type)}]`);
    }
  }
  if (lines.length === 0 && result.structuredContent !== undefined) lines.push(JSON.stringify(result.structuredContent));
  if (lines.length === 0 && blocks.length === 0 && result.toolResult !== undefined) {
    lines.push(typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult));
  }
  return { text: lines.join('\n'), resources };
}

/** The artifact payload of one resource: title, the ref it reads from, its declared type and size. */
export function resourcePayload(resource: McpResourceFacts, readRef: string, preview?: string): JsonObject {
  const kind = artifactKindOf(resource.mimeType);
  return {
    ...(kind !== undefined && { kind }),
    ...(resource.title !== undefined && { title: resource.title }),
    readRef,
    sourceUri: resource.uri,
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
    ...(resource.sizeBytes !== undefined && { sizeBytes: resource.sizeBytes }),
    ...(preview !== undefined && { preview }),
  };
}
