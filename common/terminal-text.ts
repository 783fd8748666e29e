// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as it may reach a terminal when it came from outside (a file name, a report's string):
 * each control character (C0, DEL, C1) is written as an escape, so that no escape sequence reaches
 * the terminal and no line break or carriage return makes a line of its own. `\n`, `\r` and `\t`
 * read as themselves; the others as `\xNN`; the bidirectional overrides and isolates, which reorder
 * what a reader sees, as `\u{NNNN}`. A backslash stays as it is (the text is for a reader, not a parser).
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** A text of several lines of ours, each of which may hold outside strings: each line made safe, the line breaks kept. */
export const terminalSafeLines = (text: string): string => text.split('\n').map(terminalSafe).join('\n');
