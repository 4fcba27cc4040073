/**
 * The built-in skin library (spec §3 Skin picture / Skin category; issue 15): a small description
 * from which scripts/skin-library.ts draws every picture at `npm run build` (ADR 020). Isomorphic
 * data only; the addresses (with a hash of each recipe) are in library.server.ts.
 */

export type SkinCategory = { cate_id: number; name: string }
/** Spec §3 Skin picture: skin_id, img_url, thumb_url, download_url, cover, color (library.server.ts makes them). */
export type SkinPicture = { skin_id: number; cate_id: number; name: string; img_url: string; thumb_url: string; download_url: string; cover: string; color: string }
export type SkinKind = 'gradient' | 'hills' | 'stars' | 'shapes' | 'waves'
/** One picture's recipe: what the generator draws, from its colours and a seed. */
export type SkinRecipe = { skin_id: number; cid: number; name: string; kind: SkinKind; colors: readonly [string, string, string]; seed: number }

export const SKIN_CATEGORIES: readonly SkinCategory[] = [
  { cate_id: 1, name: '渐变' },
  { cate_id: 2, name: '山峦' },
  { cate_id: 3, name: '星空' },
  { cate_id: 4, name: '几何' },
  { cate_id: 5, name: '波纹' },
]

const KIND_OF: Record<number, SkinKind> = { 1: 'gradient', 2: 'hills', 3: 'stars', 4: 'shapes', 5: 'waves' }

/** Nine palettes per category: [top or first, middle, bottom or accent]. */
const PALETTES: Record<number, readonly (readonly [string, string, string, string])[]> = {
  1: [
    ['晨曦', '#ffecd2', '#fcb69f', '#f6d365'],
    ['海风', '#a1c4fd', '#c2e9fb', '#e0f7ff'],
    ['薄荷', '#d4fc79', '#96e6a1', '#e8fff0'],
    ['薰衣草', '#e0c3fc', '#8ec5fc', '#f5eaff'],
    ['蜜桃', '#ff9a9e', '#fecfef', '#fff1f3'],
    ['暮色', '#30cfd0', '#330867', '#6a3093'],
    ['琥珀', '#f6d365', '#fda085', '#fff4d6'],
    ['深海', '#0f2027', '#203a43', '#2c5364'],
    ['雾灰', '#d7d2cc', '#304352', '#eef0f2'],
  ],
  2: [
    ['远山', '#dfe9f3', '#7f9cb5', '#2f4a63'],
    ['青峦', '#e3f4e1', '#7fb58b', '#24543a'],
    ['夕照', '#ffd6a5', '#e07a5f', '#3d405b'],
    ['雪岭', '#f4f8fb', '#a9bdd0', '#52667a'],
    ['紫霞', '#f3e6ff', '#a883c8', '#3f2a56'],
    ['秋林', '#fbe3c2', '#c98b4a', '#5a3418'],
    ['夜峰', '#1b2a41', '#324a5f', '#0c1321'],
    ['晨雾', '#eef2f3', '#b6c7c9', '#6c8a8f'],
    ['沙丘', '#fdf0d5', '#e3b778', '#8c5e2a'],
  ],
  3: [
    ['银河', '#0b1026', '#2b1f4f', '#ffffff'],
    ['深夜', '#000814', '#001d3d', '#e0e6ff'],
    ['极光夜', '#03161f', '#0b3d3a', '#b8fff0'],
    ['紫夜', '#12001f', '#3a0f5c', '#ffd9ff'],
    ['蓝夜', '#020b2e', '#0d2b6b', '#cfe3ff'],
    ['墨夜', '#0a0a0a', '#1f2430', '#f5f5f5'],
    ['暖夜', '#1a0b0b', '#4a1c1c', '#ffe6c7'],
    ['星海', '#001219', '#005f73', '#e9f5f2'],
    ['晓星', '#14213d', '#3c4f76', '#fff3b0'],
  ],
  4: [
    ['方块', '#f1f5f9', '#94a3b8', '#3b82f6'],
    ['圆点', '#fff7ed', '#fdba74', '#ea580c'],
    ['积木', '#ecfeff', '#67e8f9', '#0e7490'],
    ['泡泡', '#fdf2f8', '#f9a8d4', '#be185d'],
    ['棱角', '#f0fdf4', '#86efac', '#15803d'],
    ['纸片', '#fefce8', '#fde047', '#a16207'],
    ['琉璃', '#eef2ff', '#a5b4fc', '#4338ca'],
    ['石板', '#1e293b', '#475569', '#94a3b8'],
    ['彩窗', '#faf5ff', '#d8b4fe', '#7e22ce'],
  ],
  5: [
    ['碧波', '#e0f7fa', '#4dd0e1', '#006064'],
    ['潮汐', '#e3f2fd', '#64b5f6', '#0d47a1'],
    ['霞光', '#fff3e0', '#ffb74d', '#e65100'],
    ['樱流', '#fce4ec', '#f48fb1', '#880e4f'],
    ['青浪', '#e8f5e9', '#81c784', '#1b5e20'],
    ['流金', '#fffde7', '#ffd54f', '#f57f17'],
    ['紫涛', '#ede7f6', '#9575cd', '#311b92'],
    ['夜潮', '#0d1b2a', '#1b263b', '#415a77'],
    ['云涌', '#f5f5f5', '#bdbdbd', '#424242'],
  ],
}

/** Every picture of the library, ids 1… in category order (45 in all). */
export const SKIN_LIBRARY: readonly SkinRecipe[] = SKIN_CATEGORIES.flatMap(({ cate_id }) =>
  PALETTES[cate_id]!.map(([name, a, b, c], i) => ({
    skin_id: (cate_id - 1) * 9 + i + 1,
    cid: cate_id,
    name,
    kind: KIND_OF[cate_id]!,
    colors: [a, b, c] as const,
    seed: cate_id * 100 + i,
  })),
)

/** Spec §9: skin images are 2880×1920; the drawer's thumbnails are 360×240 (a third of the drawer's width at 2×). */
export const SKIN_SIZE = { width: 2880, height: 1920 } as const
export const SKIN_THUMB_SIZE = { width: 360, height: 240 } as const
