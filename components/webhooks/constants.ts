/** One page of endpoints is all of them for a console (the API allows 100 a page). */
export const ENDPOINTS_PAGE_SIZE = 100;
