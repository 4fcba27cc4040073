import { createContext, useContext } from 'react'
import { usePageField } from '#app/utils/use-page-field.ts'
import type { Look } from '#app/utils/theme.ts'
import type { SkinBackground } from '#app/schemas/skin-background.ts'

/**
 * A page's look as the server worked it out (utils/document-look.server.ts): the viewer's theme
 * and theme colour, the theme drawn (light, dark, or system: the stylesheet's media query), the
 * colour's custom properties.
 */
export type DocumentLook = Look & { theme: 'light' | 'dark' | 'system'; style: Record<string, string> | undefined }
/** A start page loader's `skin`: the homepage shown, whether the viewer owns it, the look and the background shown. */
export type PageSkin = { own: boolean; homepageId: number; look: DocumentLook; background: SkinBackground }

/** The start page's `skin`, if the page shown is one. */
export function usePageSkin(): PageSkin | null {
  return usePageField<PageSkin>('skin') ?? null
}

/**
 * The look of the document (root.tsx's <html>): the start page's, else the deepest `look` a
 * loader gives (the user centre's: their start page's), else the root loader's (the viewer's own
 * cookies). Drawn by the server on the first byte: no flash.
 */
export function useDocumentLook(): DocumentLook | null {
  // Both hooks on every render (a `??` would skip the second on a start page, and React's hook
  // order would break on the next client navigation).
  const skin = usePageSkin()
  const look = usePageField<DocumentLook>('look')
  return skin?.look ?? look ?? null
}

/**
 * The text of the page's theme re-check script (utils/theme-rule.ts THEME_SCRIPT), given by the
 * server's entry only: the browser keeps the script the server wrote and never needs its source.
 */
const ThemeScriptContext = createContext('')
export const ThemeScriptProvider = ThemeScriptContext.Provider
export const useThemeScript = () => useContext(ThemeScriptContext)
