/** The shape of the bench homepage, shared by the seeding child and the checks in the bench. */
export const BENCH_CODE = 'bench'
export const CATEGORY_COUNT = 20
export const LINKS_PER_CATEGORY = 50
export const LINK_COUNT = CATEGORY_COUNT * LINKS_PER_CATEGORY
/** Every bench link points under this origin: `https://example.com/<category>/<link>`. */
export const LINK_ORIGIN = 'https://example.com'
