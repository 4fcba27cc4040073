/** The shape of the bench homepage, shared by the seeding child and the checks in the bench. */
export const BENCH_CODE = 'bench'
/** The owner of the bench homepage, who signs in for the owner's view of it. */
export const BENCH_EMAIL = 'bench@example.com'
export const BENCH_PASSWORD = 'bench-only-password'
export const CATEGORY_COUNT = 20
export const LINKS_PER_CATEGORY = 50
export const LINK_COUNT = CATEGORY_COUNT * LINKS_PER_CATEGORY
/** Every bench link points under this origin: `https://example.com/<category>/<link>`. */
export const LINK_ORIGIN = 'https://example.com'
/** The generated file of budget 7: Chrome's shape, 200 folders in groups of ten, 10,000 bookmarks. */
export const IMPORT_FOLDERS = 200
export const IMPORT_LINKS = 10_000
/** A group of ten folders (one top folder holding nine) becomes one module of the homepage. */
export const IMPORT_TOP_FOLDERS = IMPORT_FOLDERS / 10
/** Budget 8: the bookmarks of the one user the Ctrl+K search bench searches (500 categories of 100). */
export const SEARCH_BOOKMARKS = 50_000
/** Budget 1 for a group's page served to guests: an open group of 10 categories × 20 links (its first category shows 20). */
export const BENCH_GROUP_NAME = '基准测试小组'
export const GROUP_CATEGORY_COUNT = 10
export const GROUP_LINKS_PER_CATEGORY = 20
/** Every group link points under this origin: `https://group.example.com/<category>/<link>`. */
export const GROUP_LINK_ORIGIN = 'https://group.example.com'
