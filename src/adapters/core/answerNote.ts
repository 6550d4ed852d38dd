/**
 * The note a user sent with an answer ("Deny with a note": the stock card sends `{ note }`), or a
 * `reason`/`message` an app sent: each adapter passes it to its framework's own field for it.
 */
export function noteOf(payload: Record<string, unknown> | undefined): string | undefined {
  const note = payload?.note ?? payload?.reason ?? payload?.message;
  return typeof note === 'string' && note.trim() !== '' ? note.trim() : undefined;
}
