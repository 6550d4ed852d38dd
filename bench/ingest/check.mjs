/** Throws when a system's final state differs from the workload's text, tool args or results. */
export function check(name, system, got, want) {
  const join = (m) => [...m.values()].join('');
  const problems = [];
  if (join(got.text) !== join(want.text)) problems.push('text');
  for (const [id, json] of want.args) {
    let ok = false;
    try {
      ok = JSON.stringify(JSON.parse(got.args.get(id))) === JSON.stringify(JSON.parse(json));
    } catch {
      ok = false;
    }
    if (!ok) {
      problems.push(`args of ${id}`);
      break;
    }
  }
  for (const [id, output] of want.results) {
    if (got.results.get(id) !== output) {
      problems.push(`result of ${id}`);
      break;
    }
  }
  if (problems.length) throw new Error(`${system} on ${name}: final state differs in ${problems.join(', ')}`);
}
