/** The editor's text-colour presets (spec §9: 7 colour presets), and the only style a stored note keeps. */
export const NOTE_COLOURS: readonly { readonly name: string; readonly value: string }[] = [
  { name: '红色', value: '#e03131' },
  { name: '橙色', value: '#e8590c' },
  { name: '绿色', value: '#2f9e44' },
  { name: '青色', value: '#0c8599' },
  { name: '蓝色', value: '#1971c2' },
  { name: '紫色', value: '#7048e8' },
  { name: '灰色', value: '#868e96' },
]
