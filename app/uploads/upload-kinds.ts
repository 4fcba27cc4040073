/** The kinds an upload is stored as (image.server.ts ImageKind, records' 'unrecorded'), in words for /upload. */
export const UPLOAD_KIND_LABELS: Record<string, string> = {
  icon: '图标',
  'homepage-icon': '主页图标',
  notepad: '笔记图片',
  avatar: '头像',
  skin: '皮肤',
  unrecorded: '图片',
}

export const uploadKindLabel = (kind: string) => UPLOAD_KIND_LABELS[kind] ?? '图片'
