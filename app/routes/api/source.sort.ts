/**
 * POST /api/source/sort {ids, bid, type, parentId?}: the same as /api/bookmark/sort (the legacy
 * client sends both). `type` (the dragged kind) is accepted and not needed.
 */
export { action, loader } from './bookmark.sort.ts'
