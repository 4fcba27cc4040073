import { useDragSort } from './use-drag-sort.ts'

/**
 * Drag sorting as a part of the page (use-drag-sort.ts): homepage-view.tsx draws it through
 * lazyPart for those who may sort, so that a guest's page never loads its code (ADR 015).
 */
export function DragSort({ enabled, version }: { enabled: Parameters<typeof useDragSort>[0]; version: unknown }) {
  useDragSort(enabled, version)
  return null
}
