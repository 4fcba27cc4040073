/**
 * The query parameters of the icon selector (isomorphic). The selector lives inside a parent
 * page or dialog, so its state travels in the parent's URL next to the parent's own parameters.
 */
export const ICON_PICKER_PARAMS = { category: 'iconCategory', keyword: 'iconKeyword', page: 'iconPage' } as const

export type IconPickerQuery = { category?: string; keyword?: string; page?: number }

/** The selector's state from a URL (or its search params); anything malformed is dropped. */
export function readIconPickerParams(url: string | URL | URLSearchParams): IconPickerQuery {
  const params = url instanceof URLSearchParams ? url : new URL(url, 'http://localhost').searchParams
  const page = Number(params.get(ICON_PICKER_PARAMS.page))
  return {
    category: params.get(ICON_PICKER_PARAMS.category)?.slice(0, 50) || undefined,
    keyword: params.get(ICON_PICKER_PARAMS.keyword)?.trim().slice(0, 50) || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : undefined,
  }
}

/**
 * `baseHref` (the parent page, with its own parameters) with the selector's state replaced:
 * a path and query, never another origin.
 */
export function iconPickerHref(baseHref: string, state: IconPickerQuery, hash?: string) {
  const url = new URL(baseHref, 'http://localhost')
  for (const [field, param] of Object.entries(ICON_PICKER_PARAMS)) {
    const value = state[field as keyof IconPickerQuery]
    if (value === undefined || value === '' || (field === 'page' && value === 1)) url.searchParams.delete(param)
    else url.searchParams.set(param, String(value))
  }
  // A path starting with '//' would be read as another host.
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${hash ? `#${hash}` : ''}`
}
