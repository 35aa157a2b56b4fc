/**
 * How large one expected-settlement import may be (browser-safe: the dialog checks the file
 * before sending it). The import travels as a server action, whose body Next caps at 1 MB
 * (raising it would raise it for every action, before any session is checked), and the file's
 * text is a little longer once encoded: 900 KB, about 9,000 rows of the template.
 */
export const MAX_IMPORT_BYTES = 900 * 1024;
export const MAX_IMPORT_SIZE_LABEL = "900 KB";

/** At most this many expected settlements in one file. */
export const MAX_IMPORT_ROWS = 10_000;
