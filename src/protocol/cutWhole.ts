// Text is cut to a budget in several places (a stored preview, a loaded ref, a long string). A cut
// inside a token leaves a secret's head without the tail its pattern needs, and the head shows
// (57 of an age key's 58 characters): so a cut never splits a token, it drops the token's head.

/** A character a credential is written in: a run of them is one token to a cut. */
const TOKEN = /[\w.+/=~%-]/;

/**
 * The first `budget` characters of `text`, shortened to before a token the cut would split
 * (letters, digits and `_-.+/=~%`), so no secret is cut to a head no pattern knows.
 */
export function cutWhole(text: string, budget: number): string {
  let end = budget;
  if (TOKEN.test(text.charAt(end))) while (end > 0 && TOKEN.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
