/** Ctrl+K bookmark search: the numbers and words of spec §9 and §10, for the service, the page and the dialog. */
export const SEARCH_PAGE_SIZE = 5
export const SEARCH_HISTORY_KEPT = 8
export const SEARCH_HISTORY_SHOWN = 3
export const SEARCH_KEYWORD_MAX = 100
export const EMPTY_KEYWORD_MSG = '请输入搜索关键词'
export const NO_RESULTS_MSG = '暂无搜索结果'
/** Spec §8's generic success. */
export const HISTORY_CLEARED_MSG = '操作成功'
