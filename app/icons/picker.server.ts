import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { HISTORY_CATEGORY_ID } from '#app/schemas/icon.ts'
import { recentIcons, type IconCategoryView, type IconView } from '#app/services/icons.server.ts'
import { COMMON_CATEGORY_ID, hasIconCategory, iconCategories, libraryIcon, listIcons } from './library.server.ts'
import type { IconPickerQuery } from './picker-params.ts'

/** Icons on one page of the selector (6 columns × 8 rows in the dialog). */
export const ICON_PICKER_PAGE_SIZE = 48

export type IconPickerData = {
  /** The category shown; undefined while searching all icons. */
  categoryId?: string
  keyword?: string
  page: number
  icons: IconView[]
  categories: IconCategoryView[]
  recent: IconView[]
  total: number
  pageSize: number
  /** The field's current icon (`query.value`) as the library names it, shown when it is not on the page. */
  current?: IconView
}

/**
 * Loader data of the icon selector (components/icon-picker.tsx) for a parent route. `query`
 * comes from `readIconPickerParams(request.url)`. Without a keyword or a category it shows 常用;
 * a keyword without a category searches every icon. Only keys and names go to the page: each
 * icon is drawn from its own cached URL.
 */
export async function loadIconPicker(
  db: Db,
  user: User | null,
  query: IconPickerQuery & { value?: string },
): Promise<IconPickerData> {
  const recent = await recentIcons(db, user)
  const current = query.value ? (libraryIcon(query.value) ?? undefined) : undefined
  const categories: IconCategoryView[] = [
    ...(recent.length ? [{ id: HISTORY_CATEGORY_ID, name: '最近使用', type: 'history' as const }] : []),
    ...iconCategories(),
  ]
  const keyword = query.keyword?.trim() || undefined
  let categoryId = query.category
  if (categoryId === HISTORY_CATEGORY_ID ? !recent.length : categoryId !== undefined && !hasIconCategory(categoryId)) {
    categoryId = undefined
  }
  if (!categoryId && !keyword) categoryId = COMMON_CATEGORY_ID

  const size = ICON_PICKER_PAGE_SIZE
  const first = query.page ?? 1
  if (categoryId === HISTORY_CATEGORY_ID) {
    return { categoryId, keyword: undefined, page: 1, icons: recent, categories, recent, total: recent.length, pageSize: size, current }
  }
  let result = listIcons({ categoryId, keyword, page: first, size })!
  const pages = Math.max(1, Math.ceil(result.total / size))
  // A page past the end (a stale link) shows the last one.
  if (first > pages) result = listIcons({ categoryId, keyword, page: pages, size })!
  return { categoryId, keyword, page: result.page, icons: result.list, categories, recent, total: result.total, pageSize: size, current }
}
