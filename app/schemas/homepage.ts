/** Defaults of the layout config (spec §3, §9); a homepage stores only what its owner changed. */
export const DEFAULT_LAYOUT = {
  mode: 'default',
  engineVisible: true,
  websiteVisible: true,
  websitePrivacy: false,
  websiteRememberCid: false,
  websiteBookmarkStyle: 'default',
  websiteBookmarkColumn: 6,
  moduleRememberTab: false,
  bookmarkOpenNewTab: true,
  bookmarkChildBadge: true,
  bookmarkFolderBadge: true,
  sidebarPosition: 'right',
  anchorPosition: 'left',
  rootFontSize: 16,
  cardBorderWidth: 1,
  engineBgSize: 'default',
  screenSliderWidth: 0,
  bannerMode: 'default',
  backgroundArea: 'engine',
  navigationDisplay: 'fixed',
  themeColorId: 0,
  maxColumnHeight: 6,
} as const

export const DEFAULT_SKIN = {
  type: 'color',
  image: '',
  color: '',
  repeat: 'cover',
  fuzzy: 0,
  opacity: 100,
  theme: 0,
} as const

/** The header label of a homepage without a title: nickname + 的主页. */
export function homepageLabel(title: string, ownerNickname: string) {
  return title.trim() || `${ownerNickname}的主页`
}
