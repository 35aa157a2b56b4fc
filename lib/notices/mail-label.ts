/**
 * A label as a mail may carry it: a URL in it (a webhook endpoint's label is its URL, whose query
 * may hold a token) cut to its scheme, host and path. Mail leaves the console; the page has the rest.
 */
export function mailLabel(label: string): string {
  return label.replace(/\bhttps?:\/\/[^\s,;]+/gi, (found) => {
    try {
      const url = new URL(found);
      return `${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname}`;
    } catch {
      return "(a URL)";
    }
  });
}
