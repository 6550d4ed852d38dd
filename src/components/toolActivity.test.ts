import { describe, expect, it } from 'vitest';
import { toolActivity } from './toolActivity';

describe('toolActivity: what a call does, as its tool name says', () => {
  it.each([
    ['read_file', 'read'],
    ['readFile', 'read'],
    ['grep', 'search'],
    ['web_search', 'search'],
    ['list_dir', 'list'],
    ['edit_file', 'edit'],
    ['write_document', 'edit'],
    ['run_tests', 'run'],
    ['run_build', 'run'],
    ['git_diff', 'run'],
    ['bash', 'run'],
  ] as const)('%s → %s', (name, activity) => {
    expect(toolActivity(name)).toBe(activity);
  });

  it('a name that says none of these, or no name, is a tool, not a guess', () => {
    // Whole words only: "readme" is not "read".
    for (const name of ['plot', 'upload', 'login', 'lint', 'readme_bot', undefined]) expect(toolActivity(name)).toBe('other');
  });
});
