// What a link carries, made fit to show in a notification. A link comes from any web page, and
// notifications render `[text](https://…)` and argument-free `command:` links: whatever a link
// carries is shown with every character outside a plain set percent-encoded (no bracket, paren,
// backtick, angle bracket or control character survives) and cut to a short length.

/** Characters shown as they are: letters, digits and the punctuation of ids and paths. */
const PLAIN = /^[\p{L}\p{N} _\-.:/@+=,?&#~%']$/u;
/** Longest piece of link text shown in a notification. */
export const SHOWN_LINK_TEXT_CHARS = 80;

/** `text` percent-encoded outside the plain set and cut to `max` characters (then `…`). */
export function shownLinkText(text: string, max = SHOWN_LINK_TEXT_CHARS): string {
  let out = '';
  for (const ch of text) {
    const piece = PLAIN.test(ch)
      ? ch
      : [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    if (out.length + piece.length > max) return `${out}…`;
    out += piece;
  }
  return out;
}
