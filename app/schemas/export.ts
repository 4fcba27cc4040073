/** The export page's choices (isomorphic: the page's form and the export service both read them). */

/** Every homepage the user owns, rather than one of them (`?homepage=all`). */
export const ALL_HOMEPAGES = 'all'

/** All the user's homepages, or one of them by id. */
export type ExportScope = typeof ALL_HOMEPAGES | number
