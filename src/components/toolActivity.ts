// What a run of tool calls did, in a reader's words ("Read 2 files, ran 1 command"): each call is
// counted under the activity its tool's name says (read_file reads, grep searches, run_tests runs a
// command). A name that says none of these is counted as a tool, never guessed further; the rows
// under the summary keep each call's own name, status and input.

/** What a tool call does, as its name says: read, search, list, edit, run a command, or other. */
export type ToolActivity = 'read' | 'search' | 'list' | 'edit' | 'run' | 'other';

/** The order activities are named in a summary: looking before changing, changing before running. */
export const TOOL_ACTIVITIES: readonly ToolActivity[] = ['read', 'search', 'list', 'edit', 'run', 'other'];

// Whole words of a tool's name (split at _ - . and case changes), matched against each activity's verbs.
const VERBS: [ToolActivity, RegExp][] = [
  ['edit', /^(edit|write|create|update|patch|apply|replace|insert|delete|remove|rename|move|mkdir|save)$/],
  ['run', /^(run|exec|execute|bash|shell|sh|command|cmd|terminal|test|tests|build|install|npm|pnpm|yarn|make|git|deploy|diff)$/],
  ['search', /^(grep|search|find|glob|query|lookup|rg|ripgrep)$/],
  ['list', /^(list|ls|dir|tree|listdir)$/],
  ['read', /^(read|view|open|cat|get|fetch|load|show)$/],
];

/** The activity a tool's name says, `other` when it says none (or there is no name). */
export function toolActivity(name: string | undefined): ToolActivity {
  if (!name) return 'other';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // The first word that names an activity decides (read_file reads; git_diff runs git).
  for (const word of words) for (const [activity, verbs] of VERBS) if (verbs.test(word)) return activity;
  return 'other';
}
