import type { ImageKind } from './image.server.ts'
import type { UNRECORDED_KIND } from './records.server.ts'

/** The kinds an upload is stored as (image.server.ts ImageKind, records' 'unrecorded'), in words for /upload. */
export const UPLOAD_KIND_LABELS: Record<ImageKind | typeof UNRECORDED_KIND, string> = {
  icon: '图标',
  'homepage-icon': '主页图标',
  notepad: '笔记图片',
  avatar: '头像',
  skin: '皮肤',
  unrecorded: '图片',
}

export const uploadKindLabel = (kind: string) => UPLOAD_KIND_LABELS[kind as keyof typeof UPLOAD_KIND_LABELS] ?? '图片'
