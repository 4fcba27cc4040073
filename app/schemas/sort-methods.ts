// The bookmark orders without zod, for the page's own JavaScript (ADR 015); sort.ts adds the schema.

/** The seven bookmark orders of spec §9, as `switch-sort-method` and `bookmark/list` name them. */
export const SORT_METHODS = ['custom', 'newest', 'oldest', 'most-clicks', 'fewest-clicks', 'recent-visit', 'earliest-visit'] as const
export type SortMethod = (typeof SORT_METHODS)[number]

export const SORT_LABELS: Record<SortMethod, string> = {
  custom: '自定义排序',
  newest: '最新添加',
  oldest: '最早添加',
  'most-clicks': '点击最多',
  'fewest-clicks': '点击最少',
  'recent-visit': '最近访问',
  'earliest-visit': '最早访问',
}

export const isSortMethod = (value: unknown): value is SortMethod => SORT_METHODS.includes(value as SortMethod)

/** How the user's start pages order bookmarks (their stored choice); guests see the custom order. */
export function bookmarkSortOf(user: { bookmarkSort: string | null } | null): SortMethod {
  return user && isSortMethod(user.bookmarkSort) ? user.bookmarkSort : 'custom'
}

/** Spec §4: with any order but the custom one, dragging and the move buttons are locked. */
export const SORT_LOCKED_MSG = '排序已锁定，切换到自定义排序后才能调整顺序'
