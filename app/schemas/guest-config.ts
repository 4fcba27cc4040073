import { LAYOUT_FIELDS, layoutPatchSchema } from './layout.ts'

/**
 * A guest's own settings (spec §1: kept in the browser, here a cookie the server reads too):
 * the layout fields a guest may change. Not the switches (spec §5: disabled for non-owners) nor
 * the background area and navigation display (disabled for guests). City and skin are kept by
 * the weather and skin features.
 */
export const GUEST_CONFIG_FIELDS = [
  'mode',
  'anchorPosition',
  'rootFontSize',
  'themeColorId',
  'sidebarPosition',
  'websiteBookmarkStyle',
  'websiteBookmarkColumn',
  'cardBorderWidth',
  'cardBorderColor',
  'cardBgColor',
  'engineBgSize',
  'screenSliderWidth',
  'bannerMode',
  'maxColumnHeight',
] as const
export type GuestConfigField = (typeof GUEST_CONFIG_FIELDS)[number]
export type GuestConfig = Partial<Record<GuestConfigField, string | number>>

/** Spec §5 / §8: simple mode is for signed-in users. */
export const SIMPLE_MODE_MSG = '此模式仅限登录后使用'

/** set-guest-config: at least one field, each by the layout schema's own rule; no simple mode. */
export const GuestConfigPatchSchema = layoutPatchSchema(GUEST_CONFIG_FIELDS).refine((patch) => patch.mode !== 'simple', SIMPLE_MODE_MSG)

/** A stored config as far as it is still valid: a field that no longer passes its rule is dropped. */
export function cleanGuestConfig(raw: unknown): GuestConfig {
  if (typeof raw !== 'object' || raw === null) return {}
  const config: GuestConfig = {}
  for (const field of GUEST_CONFIG_FIELDS) {
    const parsed = LAYOUT_FIELDS[field].safeParse((raw as Record<string, unknown>)[field])
    if (parsed.success && parsed.data !== 'simple') config[field] = parsed.data
  }
  return config
}
