export interface JsonlRecord {
  /** 1-based line number in the input. */
  line: number;
  value: unknown;
}

export interface JsonlIssue {
  code: 'invalid_json';
  line: number;
  message: string;
}

export interface JsonlParseResult {
  records: JsonlRecord[];
  issues: JsonlIssue[];
}

/** Parses a whole text as one JSON document, without throwing. */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Parses JSON Lines. Blank lines are skipped; a line that is not JSON becomes an `invalid_json`
 * issue with its line number, and parsing goes on. Never throws.
 */
export function parseJsonl(text: string): JsonlParseResult {
  const records: JsonlRecord[] = [];
  const issues: JsonlIssue[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    try {
      records.push({ line: i + 1, value: JSON.parse(line) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      issues.push({ code: 'invalid_json', line: i + 1, message: `line ${i + 1} is not valid JSON: ${reason}` });
    }
  }
  return { records, issues };
}
