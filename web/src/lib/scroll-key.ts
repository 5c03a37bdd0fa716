/**
 * The key the router keeps each page's scroll position under.
 *
 * React Router names every entry it did not create itself `default`: the first page of each full load, whichever
 * page that is. Keyed by that name, every first load shared one saved position, so a page opened by a full load
 * (a link from an email, a reload, a bookmark) opened at wherever another page had last been left. Such an entry
 * is keyed by its address instead; entries the router made keep their own key, so Back still returns to the place.
 */
export type ScrollLocation = { key: string; pathname: string; search: string };

/** The name React Router gives an entry it did not create (a full load's first page). */
export const FIRST_LOAD_KEY = 'default';

export function scrollKey(location: ScrollLocation): string {
  return location.key === FIRST_LOAD_KEY ? `${location.pathname}${location.search}` : location.key;
}
